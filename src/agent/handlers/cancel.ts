import { TrawlError } from '../../errors/trawl-error.js';
import type { RequestContext } from '../../http/route.js';
import { CANCELLED_ERROR, agentRun } from './read.js';
import { SYSTEM, Tracer } from '../trace.js';
import type { Store } from '../../store/store.js';
import type { Queue } from '../../jobs/queue.js';

/**
 * `DELETE /v2/agent/{jobId}` (§10.3). The cancel itself ends the run's trace,
 * since a run still queued has nobody else to do it; a run that had ended
 * already stays as it was, and the answer is still a success.
 */
export async function cancelAgent(deps: { store: Store; queue: Queue }, ctx: RequestContext) {
  const { store, queue } = deps;
  const { job, run } = await agentRun(deps, ctx);
  // Nothing of an ended run runs any more: the cancel holds, as Firecrawl answers it.
  if (job.status !== 'running' || run.outcome || run.error) return { success: true };
  const tracer = new Tracer(store.agents, job.id);
  await tracer.record('run.cancel_requested', { reason: 'user' }, SYSTEM);
  await queue.cancelJob(job.id);
  const after = await store.jobs.get(job.id);
  if (!after) throw new TrawlError('RESOURCE_NOT_FOUND');
  if (after.status === 'cancelled') {
    const error = { code: 'cancelled', source: 'agent', retryable: false, message: CANCELLED_ERROR };
    await tracer.record('run.finished', { outcome: 'cancelled', error }, SYSTEM);
  }
  return { success: after.status === 'cancelled' };
}
