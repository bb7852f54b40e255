import { TrawlError } from '../errors/trawl-error.js';
import { accessJob, jobIdOf, type JobResource } from './job-access.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';

/** `GET <path>/:id/errors` (§7.4): both arrays always present. */
export async function jobErrors(store: Store, ctx: RequestContext, resource: JobResource) {
  const job = await accessJob(store, ctx, resource, jobIdOf(ctx), () => new TrawlError('FORBIDDEN'));
  const { results } = store;
  const [errors, robotsBlocked] = await Promise.all([results.errors(job.id), results.robotsBlocked(job.id)]);
  return {
    success: true,
    errors: errors.map(({ id, url, code, error, timestamp }) => ({ id, url, ...(code && { code }), error, timestamp })),
    robotsBlocked,
  };
}
