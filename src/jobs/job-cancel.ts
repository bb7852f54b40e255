import { TrawlError } from '../errors/trawl-error.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';
import type { Queue } from './queue.js';

/**
 * `DELETE <path>/:id` (§7.3): queued pages are dropped and running ones told
 * to stop. Idempotent. A job that had ended already keeps its status and its
 * documents, but the answer is `cancelled` as Firecrawl's is, so the SDKs'
 * cancel methods report true: nothing of the job runs any more either way.
 */
export async function cancelJob(deps: { store: Store; queue: Queue }, ctx: RequestContext, resource: JobResource) {
  const job = await accessJob(deps.store, ctx, resource, jobIdOf(ctx), () => new TrawlError('FORBIDDEN', 'Unauthorized'));
  if (job.status === 'running') await deps.queue.cancelJob(job.id);
  return { success: true, status: 'cancelled' };
}
