import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { useApi } from '../api/use-api.js';
import { TextField } from '../components/fields.js';
import { Empty, ErrorNote } from '../components/notes.js';
import { useCall } from '../api/use-call.js';

interface TeamKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  current: boolean;
}

/** The team's keys (the /v2/team/keys extension): issue one, revoke one. */
export function KeysScreen() {
  const keys = useApi<{ data: TeamKey[] }>('/v2/team/keys');
  const [name, setName] = useState('');
  const created = useCall<{ data: TeamKey & { key: string } }>();
  const revoke = useCall();
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <section>
      <h2>API keys</h2>
      <form
        class="card form inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void created.run(async () => {
            const r = await api('POST', '/v2/team/keys', name.trim() ? { name: name.trim() } : {});
            setName('');
            keys.reload();
            return r;
          });
        }}
      >
        <TextField label="Name of the new key" name="keyName" value={name} onChange={setName} placeholder="my-app" />
        <button type="submit" class="primary" disabled={created.busy}>
          Create key
        </button>
      </form>
      {created.error !== undefined && <ErrorNote error={created.error} />}
      {created.result && (
        <div class="note success" data-testid="new-key">
          <p>
            Key <strong>{created.result.data.name}</strong> created. Copy it now: it is shown only once.
          </p>
          <code class="secret" data-testid="new-key-value">
            {created.result.data.key}
          </code>{' '}
          <button type="button" onClick={() => navigator.clipboard?.writeText(created.result!.data.key)}>
            Copy
          </button>
        </div>
      )}
      {revoke.error !== undefined && <ErrorNote error={revoke.error} />}
      <div class="card">
        {keys.error !== undefined && <ErrorNote error={keys.error} />}
        {keys.data && keys.data.data.length === 0 && <Empty>This team has no keys (authentication is off).</Empty>}
        {keys.data && keys.data.data.length > 0 && (
          <div class="table-scroll">
          <table class="table" data-testid="keys-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Key</th>
                <th class="wide-only">Created</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((k) => (
                <tr data-key-id={k.id} class={k.revokedAt ? 'revoked' : ''}>
                  <td>
                    {k.name} {k.current && <span class="badge">this session</span>}
                  </td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td class="wide-only">{new Date(k.createdAt).toLocaleString()}</td>
                  <td class="state" data-testid="key-state">{k.revokedAt ? `revoked ${new Date(k.revokedAt).toLocaleString()}` : 'active'}</td>
                  <td class="actions">
                    {!k.revokedAt && !k.current && confirming !== k.id && (
                      <button type="button" class="danger" onClick={() => setConfirming(k.id)}>
                        Revoke
                      </button>
                    )}
                    {confirming === k.id && (
                      <>
                        <button
                          type="button"
                          class="danger"
                          onClick={() =>
                            void revoke.run(async () => {
                              await api('DELETE', `/v2/team/keys/${encodeURIComponent(k.id)}`);
                              setConfirming(null);
                              keys.reload();
                            })
                          }
                        >
                          Revoke for good
                        </button>{' '}
                        <button type="button" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </div>
    </section>
  );
}
