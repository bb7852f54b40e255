import { useState } from 'preact/hooks';
import { api, errorText } from '../api/client.js';
import { signIn } from '../api/session.js';

/** The key is checked against the API before it is kept. */
export function SignIn() {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('GET', '/v2/team/credit-usage', undefined, key.trim());
      signIn(key.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="sign-in">
      <form class="card" onSubmit={submit}>
        <h1>Trawl</h1>
        <p class="muted">Sign in with an API key of your team. It is kept in this browser only.</p>
        <div class="note" data-testid="key-help">
          <strong>Where does a key come from?</strong> If you started this server, it is the <code>TRAWL_API_KEY</code> you
          started it with. Otherwise ask its operator, who issues keys with <code>trawl keys create --team NAME</code>.
          A signed-in team can create more keys under API keys.
        </div>
        <label>
          API key
          <input
            name="apiKey"
            type="password"
            autocomplete="off"
            placeholder="fc-…"
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
            required
          />
        </label>
        {error && (
          <div class="note error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
