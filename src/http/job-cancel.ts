import { TrawlError } from '../errors/trawl-error.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import type { RequestContext } from './route.js';

/**
 * `DELETE <path>/:id` (§7.3): queued pages are dropped and running ones told
 * to stop. Idempotent. A job that had ended already keeps its status and its
 * documents, but the answer is `cancelled` as Firecrawl's is, so the SDKs'
 * cancel methods report true: nothing of the job runs any more either way.
 */
export async function cancelJob(ctx: RequestContext, resource: JobResource) {
  const job = await accessJob(ctx, resource, jobIdOf(ctx), () => new TrawlError('FORBIDDEN', 'Unauthorized'));
  if (job.status === 'running') await ctx.deps.queue.cancelJob(job.id);
  return { success: true, status: 'cancelled' };
}
