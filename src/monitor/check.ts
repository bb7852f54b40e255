import { randomUUID } from 'node:crypto';
import type { Queue } from '../jobs/queue.js';
import type { Worker } from '../jobs/worker.js';
import type { BeginOutcome, CheckPage, CheckRecord, CheckStatus, CheckSummary, MonitorRecord } from '../store/monitors.js';
import type { Store } from '../store/store.js';
import type { MonitorConfig } from './config.js';
import type { Mailer } from './email.js';
import { recordWebhooks, sendEmail } from './notify.js';
import { runTarget, type TargetDeps } from './targets.js';

/** Task kind of one monitor check; the task id is the check id. */
export const MONITOR_CHECK = 'monitor.check';
/**
 * Each check is also a job of this kind: the webhook outbox orders and purges
 * deliveries by job, and the queue cancels a job's tasks together.
 */
export const MONITOR_JOB = 'monitor';

export interface CheckPayload {
  checkId: string;
}

/** Queues the check's task (and its job) unless they exist: safe to repeat after a crash. */
export async function enqueueCheck(deps: { store: Store; queue: Queue }, check: CheckRecord): Promise<void> {
  if (!(await deps.store.jobs.get(check.id))) {
    await deps.store.jobs.create({ id: check.id, kind: MONITOR_JOB, teamId: check.teamId, options: { monitorId: check.monitorId } });
  }
  await deps.queue.enqueue<CheckPayload>({ id: check.id, kind: MONITOR_CHECK, teamId: check.teamId, jobId: check.id, payload: { checkId: check.id } });
}

export type Trigger = { trigger: 'manual' } | { trigger: 'scheduled'; expectedNextRunAt: string; nextRunAt: string | null };

/** Records a check of the monitor (claiming the scheduled run, see MonitorStore.beginCheck) and queues it. */
export async function launchCheck(
  deps: { store: Store; queue: Queue },
  monitor: MonitorRecord<MonitorConfig>,
  how: Trigger,
  now = new Date(),
): Promise<BeginOutcome> {
  const outcome = await deps.store.monitors.beginCheck({
    monitorId: monitor.id,
    checkId: randomUUID(),
    trigger: how.trigger,
    scheduledFor: how.trigger === 'scheduled' ? how.expectedNextRunAt : null,
    now: now.toISOString(),
    ...(how.trigger === 'scheduled' && { claim: { expectedNextRunAt: how.expectedNextRunAt, nextRunAt: how.nextRunAt } }),
  });
  if (outcome.outcome === 'started') await enqueueCheck(deps, outcome.check);
  return outcome;
}

/**
 * After a restart: checks still queued get their task back (a crash may
 * have come between recording the check and queueing it); checks whose task
 * has ended without finishing them are failed, which frees their monitor.
 */
export async function recoverChecks(deps: { store: Store; queue: Queue }): Promise<void> {
  for (const check of await deps.store.monitors.unfinishedChecks()) {
    const task = await deps.store.tasks.get(check.id);
    if (!task || task.state === 'queued' || task.state === 'active') await enqueueCheck(deps, check);
    else await deps.store.monitors.finishCheck(check.id, { status: 'failed', summary: check.summary, targetResults: [], actualCredits: 0, error: 'The check was interrupted', now: new Date().toISOString() });
  }
}

function summarise(pages: CheckPage[]): CheckSummary {
  const s: CheckSummary = { totalPages: pages.length, same: 0, changed: 0, new: 0, removed: 0, error: 0 };
  for (const p of pages) s[p.status]++;
  return s;
}

export interface CheckDeps extends TargetDeps {
  /** Null when no SMTP server is configured. */
  mailer: Mailer | null;
}

/**
 * Registers the handler of monitor checks: every target in turn, each page
 * compared with its previous snapshot, then the check's end and its
 * notifications. A target that fails outright fails its pages, not the
 * check; the check fails only when nothing could be checked.
 */
export function handleMonitorChecks(worker: Worker, deps: CheckDeps): void {
  const { store } = deps;
  worker.handle<CheckPayload>(MONITOR_CHECK, async (task, { signal }) => {
    const check = await store.monitors.getCheck(task.payload.checkId);
    const monitor = check && (await store.monitors.get<MonitorConfig>(check.monitorId));
    if (!check || !monitor) return;
    if (!(await store.monitors.markRunning(check.id, new Date().toISOString()))) return;
    await store.monitors.clearPages(check.id);

    const config = monitor.config;
    const ctx = { monitorId: monitor.id, checkId: check.id, teamId: monitor.teamId, config, signal };
    const pages: CheckPage[] = [];
    const targetResults: unknown[] = [];
    const failures: string[] = [];
    let credits = 0;
    for (const target of config.targets) {
      try {
        const outcome = await runTarget(deps, ctx, target);
        pages.push(...outcome.pages);
        targetResults.push(outcome.result);
        credits += outcome.credits;
        await store.monitors.addPages(check.id, outcome.pages);
      } catch (err) {
        if (signal.aborted) throw err;
        failures.push(`Target ${target.id}: ${err instanceof Error ? err.message : String(err)}`);
        targetResults.push({ targetId: target.id, type: target.type });
      }
    }
    const summary = summarise(pages);
    const allFailed = failures.length === config.targets.length || (summary.totalPages > 0 && summary.error === summary.totalPages);
    const status: CheckStatus = allFailed ? 'failed' : failures.length || summary.error ? 'partial' : 'completed';
    const ended = await store.monitors.finishCheck(check.id, {
      status,
      summary,
      targetResults,
      actualCredits: credits,
      error: failures.length ? failures.join('; ') : null,
      now: new Date().toISOString(),
    });
    if (!ended) return;
    const checkUrl = `${config.baseUrl}/v2/monitor/${monitor.id}/checks/${check.id}`;
    const webhook = await recordWebhooks(store.webhooks, config, ended, pages);
    const email = await sendEmail(deps.mailer, config, ended, pages, checkUrl);
    await store.monitors.setNotificationStatus(check.id, { webhook, email });
  });
}
