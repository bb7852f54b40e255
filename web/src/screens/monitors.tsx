import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.js';
import { useApi } from '../api/use-api.js';
import { DiffView } from '../components/diff-view.js';
import { listOf, TextArea, TextField } from '../components/fields.js';
import { JsonView } from '../components/json-view.js';
import { Empty, ErrorNote, isUnavailable, Loading } from '../components/notes.js';
import { safeHref } from '../components/safe-url.js';
import { useCall } from '../api/use-call.js';
import { href, navigate } from '../router.js';

const UNFINISHED = new Set(['queued', 'running']);
const REFRESH_MS = 1500;

/** Reloads while a check is still going, so its outcome shows up without a reload. */
function useRefreshWhile(going: boolean, reload: () => void) {
  useEffect(() => {
    if (!going) return;
    const t = setTimeout(reload, REFRESH_MS);
    return () => clearTimeout(t);
  });
}

/** Five cron fields; anything else is sent as the natural-language schedule (§12.1). */
const CRON = /^\s*(\S+\s+){4}\S+\s*$/;

interface Summary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export function MonitorsScreen() {
  const monitors = useApi<{ data: any[] }>('/v2/monitor?limit=100');
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState('every 30 minutes');
  const [urls, setUrls] = useState('');
  const [goal, setGoal] = useState('');
  const create = useCall();

  if (isUnavailable(monitors.error)) {
    return (
      <section>
        <h2>Monitors</h2>
        <ErrorNote error={monitors.error} />
      </section>
    );
  }

  return (
    <section>
      <h2>Monitors</h2>
      <div class="split">
        <form
          class="card form"
          onSubmit={(e) => {
            e.preventDefault();
            void create.run(async () => {
              const body: Record<string, unknown> = {
                name,
                schedule: CRON.test(schedule) ? { cron: schedule.trim() } : { text: schedule },
                targets: [{ type: 'scrape', urls: listOf(urls) }],
              };
              if (goal.trim()) body.goal = goal.trim();
              const r = await api('POST', '/v2/monitor', body);
              navigate('monitors', r.data.id);
              return r;
            });
          }}
        >
          <h3>New monitor</h3>
          <TextField label="Name" name="monitorName" value={name} onChange={setName} placeholder="Pricing pages" required />
          <TextField label="Schedule" name="schedule" value={schedule} onChange={setSchedule} hint="“daily at 9am”, “every 2 hours”, or cron: */30 * * * *" required />
          <TextArea label="Pages to watch (one URL per line)" name="monitorUrls" value={urls} onChange={setUrls} rows={4} required />
          <TextArea label="Goal (optional): what counts as a meaningful change" name="goal" value={goal} onChange={setGoal} rows={2} />
          {create.error !== undefined && <ErrorNote error={create.error} />}
          <button type="submit" class="primary" disabled={create.busy}>
            Create monitor
          </button>
        </form>
        <div class="card">
          <h3>Monitors</h3>
          {monitors.error !== undefined && <ErrorNote error={monitors.error} />}
          {monitors.loading && !monitors.data && <Loading />}
          {monitors.data && monitors.data.data.length === 0 && <Empty>No monitor yet.</Empty>}
          {monitors.data && monitors.data.data.length > 0 && (
            <table class="table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Schedule</th>
                  <th>Status</th>
                  <th>Last check</th>
                </tr>
              </thead>
              <tbody>
                {monitors.data.data.map((m) => (
                  <tr>
                    <td>
                      <a href={href('monitors', m.id)}>{m.name}</a>
                    </td>
                    <td>
                      <code>{m.schedule?.cron}</code> {m.schedule?.timezone}
                    </td>
                    <td>
                      <span class={`badge status-${m.status}`}>{m.status}</span>
                    </td>
                    <td>{m.lastCheckSummary ? <SummaryLine s={m.lastCheckSummary} /> : <span class="muted">never</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}

export function MonitorScreen({ id, checkId }: { id: string; checkId?: string | undefined }) {
  const base = `/v2/monitor/${encodeURIComponent(id)}`;
  const monitor = useApi<{ data: any }>(base);
  const checks = useApi<{ data: any[] }>(`${base}/checks?limit=50`);
  const action = useCall();
  const m = monitor.data?.data;
  useRefreshWhile(!!checks.data?.data.some((c) => UNFINISHED.has(c.status)), checks.reload);

  const act = (work: () => Promise<unknown>) =>
    void action.run(async () => {
      await work();
      monitor.reload();
      checks.reload();
    });

  return (
    <section>
      <p>
        <a href={href('monitors')}>← Monitors</a>
      </p>
      {monitor.error !== undefined && <ErrorNote error={monitor.error} />}
      {m && (
        <>
          <h2>
            {m.name} <span class={`badge status-${m.status}`}>{m.status}</span>
          </h2>
          <p class="muted">
            <code>{m.schedule?.cron}</code> ({m.schedule?.timezone}) · next {m.nextRunAt ? new Date(m.nextRunAt).toLocaleString() : '—'}
            {m.goal && ` · goal: ${m.goal}`}
          </p>
          <div class="actions">
            <button type="button" class="primary" onClick={() => act(() => api('POST', `${base}/run`, {}))}>
              Check now
            </button>
            <button type="button" onClick={() => act(() => api('PATCH', base, { status: m.status === 'active' ? 'paused' : 'active' }))}>
              {m.status === 'active' ? 'Pause' : 'Resume'}
            </button>
            <button type="button" class="danger" onClick={() => act(async () => (await api('DELETE', base), navigate('monitors')))}>
              Delete
            </button>
          </div>
          {action.error !== undefined && <ErrorNote error={action.error} />}
          <div class="card">
            <h3>Targets</h3>
            <ul>
              {m.targets.map((t: any) => (
                <li>
                  {t.type}: {t.urls?.join(', ') ?? t.url ?? t.queries?.join(', ')}
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      <div class="split">
        <div class="card">
          <h3>Checks</h3>
          {checks.error !== undefined && <ErrorNote error={checks.error} />}
          {checks.data && checks.data.data.length === 0 && <Empty>No check has run yet.</Empty>}
          {checks.data && checks.data.data.length > 0 && (
            <table class="table">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Status</th>
                  <th>Pages</th>
                </tr>
              </thead>
              <tbody>
                {checks.data.data.map((c) => (
                  <tr class={c.id === checkId ? 'selected' : ''}>
                    <td>
                      <a href={href('monitors', id, 'checks', c.id)}>{new Date(c.startedAt ?? c.createdAt).toLocaleString()}</a>{' '}
                      <span class="muted small">{c.trigger}</span>
                    </td>
                    <td>
                      <span class={`badge status-${c.status}`}>{c.status}</span>
                    </td>
                    <td>
                      <SummaryLine s={c.summary} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div class="result">{checkId ? <CheckDetail base={base} checkId={checkId} /> : <Empty>Pick a check to see its pages and diffs.</Empty>}</div>
      </div>
    </section>
  );
}

function CheckDetail({ base, checkId }: { base: string; checkId: string }) {
  const check = useApi<{ data: any }>(`${base}/checks/${encodeURIComponent(checkId)}?limit=100`);
  useRefreshWhile(UNFINISHED.has(check.data?.data.status), check.reload);
  if (check.error !== undefined) return <ErrorNote error={check.error} />;
  if (!check.data) return <Loading />;
  const c = check.data.data;
  return (
    <div class="card">
      <h3>
        Check <span class={`badge status-${c.status}`}>{c.status}</span>
      </h3>
      {c.error && <div class="note error">{c.error}</div>}
      {c.pages.length === 0 && <Empty>No page in this check.</Empty>}
      {c.pages.map((p: any) => (
        <div class="check-page">
          <div>
            <span class={`badge change-${p.status}`}>{p.status}</span>{' '}
            <a href={safeHref(p.url)} target="_blank" rel="noopener noreferrer nofollow">
              {p.url}
            </a>
          </div>
          {p.error && <div class="muted">{p.error}</div>}
          {p.judgment && (
            <p class="muted">
              {p.judgment.meaningful ? 'Meaningful' : 'Not meaningful'} ({p.judgment.confidence}): {p.judgment.reason}
            </p>
          )}
          {p.diff?.text && <DiffView text={p.diff.text} />}
          {p.diff?.json && !p.diff.text && <JsonView value={p.diff.json} />}
        </div>
      ))}
    </div>
  );
}

function SummaryLine({ s }: { s: Summary }) {
  return (
    <span class="summary">
      {s.totalPages} page{s.totalPages === 1 ? '' : 's'} · <span class={s.changed > 0 ? 'change-changed' : ''}>{s.changed} changed</span> · {s.new} new ·{' '}
      {s.removed} removed
      {s.error > 0 && <span class="change-error"> · {s.error} errors</span>}
    </span>
  );
}
