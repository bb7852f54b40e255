import { useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { useApi } from '../api/use-api.js';
import { NumberField, numberOf, Row, Select, TextArea } from '../components/fields.js';
import { Empty, ErrorNote, isUnavailable, Loading } from '../components/notes.js';
import { useCall } from '../api/use-call.js';

interface Session {
  id: string;
  status: string;
  liveViewUrl: string | null;
  interactiveLiveViewUrl?: string | null;
  createdAt: string;
  lastActivity: string;
}

const LANGUAGES = ['node', 'bash', 'python'] as const;

/** Live views are pages of this server or of the operator's browser service, never other schemes. */
const frameSrc = (url: unknown) => (typeof url === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : undefined);

/** Remote browser sessions (§11): create one, watch it live, drive it with code. */
export function BrowserScreen() {
  const sessions = useApi<{ sessions: Session[] }>('/v2/browser?status=active');
  const [ttl, setTtl] = useState('300');
  const [selected, setSelected] = useState<string | null>(null);
  const create = useCall();

  if (isUnavailable(sessions.error)) {
    return (
      <section>
        <h2>Browser sessions</h2>
        <ErrorNote error={sessions.error} />
      </section>
    );
  }
  const list = sessions.data?.sessions ?? [];
  const current = list.find((s) => s.id === selected) ?? list[0];

  return (
    <section>
      <h2>Browser sessions</h2>
      <form
        class="card form inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create.run(async () => {
            const body: Record<string, unknown> = {};
            if (numberOf(ttl) !== undefined) body.ttl = numberOf(ttl);
            const r = await api('POST', '/v2/browser', body);
            setSelected(r.id);
            sessions.reload();
            return r;
          });
        }}
      >
        <NumberField label="Lifetime (s)" name="ttl" min={30} value={ttl} onChange={setTtl} />
        <button type="submit" class="primary" disabled={create.busy}>
          New session
        </button>
      </form>
      {create.error !== undefined && <ErrorNote error={create.error} />}
      {sessions.error !== undefined && <ErrorNote error={sessions.error} />}
      {sessions.loading && !sessions.data && <Loading />}
      {sessions.data && list.length === 0 && <Empty>No active session.</Empty>}
      {list.length > 0 && (
        <div class="split">
          <div class="card">
            <h3>Active sessions</h3>
            <ul class="job-list">
              {list.map((s) => (
                <li>
                  <button type="button" class={s.id === current?.id ? 'page-link active' : 'page-link'} onClick={() => setSelected(s.id)}>
                    <span class="page-title">{s.id}</span>
                    <span class="muted small">since {new Date(s.createdAt).toLocaleTimeString()}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
          {current && <SessionView key={current.id} session={current} onGone={sessions.reload} />}
        </div>
      )}
    </section>
  );
}

function SessionView({ session, onGone }: { session: Session; onGone(): void }) {
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>('node');
  const [code, setCode] = useState("await page.goto('https://example.com');\nconsole.log(await page.title());");
  const run = useCall();
  const destroy = useCall();
  const base = `/v2/browser/${encodeURIComponent(session.id)}`;
  const live = frameSrc(session.interactiveLiveViewUrl) ?? frameSrc(session.liveViewUrl);

  return (
    <div class="result">
      <div class="card">
        <h3>Live view</h3>
        {live ? <iframe class="live-view" src={live} title="Live view of the browser session" /> : <Empty>This session has no live view.</Empty>}
      </div>
      <form
        class="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void run.run(() => api('POST', `${base}/execute`, { code, language }));
        }}
      >
        <Row>
          <Select label="Language" name="language" value={language} options={LANGUAGES} onChange={(v) => setLanguage(v)} />
        </Row>
        <TextArea label="Code" name="code" value={code} onChange={setCode} rows={6} required />
        <div class="actions">
          <button type="submit" class="primary" disabled={run.busy}>
            {run.busy ? 'Running…' : 'Run'}
          </button>
          <button type="button" class="danger" onClick={() => void destroy.run(async () => (await api('DELETE', base), onGone()))}>
            Destroy session
          </button>
        </div>
        {run.error !== undefined && <ErrorNote error={run.error} />}
        {destroy.error !== undefined && <ErrorNote error={destroy.error} />}
        {run.result && (
          <div class="output">
            {run.result.stdout && <pre class="source">{run.result.stdout}</pre>}
            {run.result.result && String(run.result.result).trim() !== String(run.result.stdout ?? '').trim() && (
              <pre class="source">{String(run.result.result)}</pre>
            )}
            {run.result.stderr && <pre class="source stderr">{run.result.stderr}</pre>}
            <div class="muted small">exit code {run.result.exitCode}</div>
          </div>
        )}
      </form>
    </div>
  );
}
