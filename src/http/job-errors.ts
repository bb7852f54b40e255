import { TrawlError } from '../errors/trawl-error.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import type { RequestContext } from './route.js';

/** `GET <path>/:id/errors` (§7.4): both arrays always present. */
export async function jobErrors(ctx: RequestContext, resource: JobResource) {
  const job = await accessJob(ctx, resource, jobIdOf(ctx), () => new TrawlError('FORBIDDEN'));
  const { results } = ctx.deps.store;
  const [errors, robotsBlocked] = await Promise.all([results.errors(job.id), results.robotsBlocked(job.id)]);
  return {
    success: true,
    errors: errors.map(({ id, url, code, error, timestamp }) => ({ id, url, ...(code && { code }), error, timestamp })),
    robotsBlocked,
  };
}
