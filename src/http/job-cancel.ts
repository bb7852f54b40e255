import { forbidden } from './errors.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import { wireStatus } from './job-status.js';
import type { RequestContext } from './route.js';

/**
 * `DELETE <path>/:id` (§7.3): queued pages are dropped and running ones told
 * to stop. Idempotent; a job that had ended already stays as it was and
 * answers its own terminal status (§20 item 12), so the SDKs report false.
 */
export async function cancelJob(ctx: RequestContext, resource: JobResource) {
  const job = await accessJob(ctx, resource, jobIdOf(ctx), () => forbidden('Unauthorized'));
  if (job.status !== 'running') return { success: true, status: wireStatus(job.status) };
  await ctx.deps.queue.cancelJob(job.id);
  // The job may have ended by itself just before: the cancel then changed nothing.
  // A running job is never purged, so it is still there.
  const after = (await ctx.deps.store.jobs.get(job.id))!;
  return { success: true, status: wireStatus(after.status) };
}
