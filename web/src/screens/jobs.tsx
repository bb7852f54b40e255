import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api/client.js';
import { recentJobs } from '../api/recent-jobs.js';
import { useApi } from '../api/use-api.js';
import { type JobKind, type JobStatus, statusPath, watchJob } from '../api/watch.js';
import { DocumentView } from '../components/document-view.js';
import { Empty, ErrorNote } from '../components/notes.js';
import { href, navigate } from '../router.js';

/** Running crawls of the team (§7.5) and the jobs this browser started. */
export function JobsScreen() {
  const active = useApi<{ crawls: { id: string; url: string }[] }>('/v2/crawl/active');
  const recent = recentJobs();
  const [openId, setOpenId] = useState('');
  const [openKind, setOpenKind] = useState<JobKind>('crawl');

  return (
    <section>
      <h2>Jobs</h2>
      <div class="card">
        <h3>Running crawls</h3>
        {active.error !== undefined && <ErrorNote error={active.error} />}
        {active.data && active.data.crawls.length === 0 && <Empty>No crawl is running.</Empty>}
        {active.data && active.data.crawls.length > 0 && (
          <ul class="job-list">
            {active.data.crawls.map((c) => (
              <li>
                <a href={href('jobs', 'crawl', c.id)}>{c.url}</a> <span class="muted small">{c.id}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div class="card">
        <h3>Started from this browser</h3>
        {recent.length === 0 && (
          <Empty>
            None yet: start a crawl or a batch scrape in the <a href={href('playground', 'crawl')}>playground</a>.
          </Empty>
        )}
        {recent.length > 0 && (
          <table class="table">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Target</th>
                <th>Started</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((j) => (
                <tr>
                  <td>{j.kind}</td>
                  <td>
                    <a href={href('jobs', j.kind, j.id)}>{j.label}</a>
                  </td>
                  <td>{new Date(j.startedAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <form
        class="card form inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (openId.trim()) navigate('jobs', openKind, openId.trim());
        }}
      >
        <select name="kind" value={openKind} onChange={(e) => setOpenKind(e.currentTarget.value as JobKind)}>
          <option value="crawl">crawl</option>
          <option value="batch">batch</option>
        </select>
        <input name="jobId" placeholder="Job id" value={openId} onInput={(e) => setOpenId(e.currentTarget.value)} />
        <button type="submit">Open</button>
      </form>
    </section>
  );
}

interface Progress {
  status?: JobStatus;
  documents: any[];
  error?: string;
  channel?: 'live' | 'polling';
}

/** One job, live: its progress and each page as it finishes (§17). */
export function JobScreen({ kind, id }: { kind: JobKind; id: string }) {
  const [p, setP] = useState<Progress>({ documents: [] });
  const [selected, setSelected] = useState<number | null>(null);
  const [cancelError, setCancelError] = useState<unknown>(undefined);

  useEffect(() => {
    setP({ documents: [] });
    setSelected(null);
    return watchJob(kind, id, {
      status: (status, documents) => setP((x) => ({ ...x, status, documents: [...x.documents, ...documents] })),
      document: (d) => setP((x) => ({ ...x, documents: [...x.documents, d] })),
      error: (error) => setP((x) => ({ ...x, error })),
      channel: (channel) => setP((x) => ({ ...x, channel })),
    });
  }, [kind, id]);

  // Pages arrive before the counts that include them: the list is never behind the count.
  const s = p.status && { ...p.status, completed: Math.max(p.status.completed, p.documents.length) };
  if (s) s.total = Math.max(s.total, s.completed);
  const running = s?.status === 'scraping';
  const pct = s && s.total > 0 ? Math.round((100 * s.completed) / s.total) : 0;
  const doc = selected === null ? undefined : p.documents[selected];

  return (
    <section>
      <p>
        <a href={href('jobs')}>← Jobs</a>
      </p>
      <h2>
        {kind === 'crawl' ? 'Crawl' : 'Batch scrape'} <span class="muted small">{id}</span>
      </h2>
      {p.error && (
        <div class="note error" role="alert">
          {p.error}
        </div>
      )}
      <div class="card">
        <div class="progress-head">
          <span class={`badge status-${s?.status ?? 'waiting'}`} data-testid="job-status">
            {s?.status ?? 'connecting'}
          </span>
          <span data-testid="job-progress" data-status={s?.status ?? ''} data-completed={s?.completed ?? 0} data-total={s?.total ?? 0}>
            {s ? `${s.completed} of ${s.total} pages` : '…'}
          </span>
          {s && <span class="muted">{s.creditsUsed} credits</span>}
          {p.channel && (
            <span class="muted small" data-testid="job-channel" title={p.channel === 'live' ? 'Updates arrive over the WebSocket' : 'The WebSocket is not usable here; polling'}>
              {p.channel}
            </span>
          )}
          {running && (
            <button
              type="button"
              class="danger"
              onClick={() => api('DELETE', statusPath(kind, id)).catch(setCancelError)}
            >
              Cancel
            </button>
          )}
        </div>
        <div class="bar" aria-label="progress">
          <div class="bar-fill" style={{ width: `${pct}%` }} />
        </div>
        {cancelError !== undefined && <div class="note error">{errorText(cancelError)}</div>}
      </div>
      <div class="split">
        <div class="card">
          <h3>Pages ({p.documents.length})</h3>
          {p.documents.length === 0 && <Empty>No page has finished yet.</Empty>}
          <ol class="pages" data-testid="job-pages">
            {p.documents.map((d, i) => (
              <li>
                <button type="button" class={i === selected ? 'page-link active' : 'page-link'} onClick={() => setSelected(i)}>
                  <span class="page-title">{d.metadata?.title || d.metadata?.sourceURL || `Page ${i + 1}`}</span>
                  <span class="muted small">{d.metadata?.sourceURL}</span>
                </button>
              </li>
            ))}
          </ol>
          {s && !running && <JobErrors kind={kind} id={id} />}
        </div>
        <div class="result">{doc ? <DocumentView doc={doc} /> : <Empty>Pick a page to see its result.</Empty>}</div>
      </div>
    </section>
  );
}

function JobErrors({ kind, id }: { kind: JobKind; id: string }) {
  const r = useApi<{ errors: { url: string; error: string }[]; robotsBlocked: string[] }>(`${statusPath(kind, id)}/errors`);
  if (r.error !== undefined) return <ErrorNote error={r.error} />;
  if (!r.data || (r.data.errors.length === 0 && r.data.robotsBlocked.length === 0)) return null;
  return (
    <div class="job-errors">
      <h4>Failed pages</h4>
      <ul>
        {r.data.errors.map((e) => (
          <li>
            {e.url}: <span class="muted">{e.error}</span>
          </li>
        ))}
        {r.data.robotsBlocked.map((u) => (
          <li>
            {u}: <span class="muted">blocked by robots.txt</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
