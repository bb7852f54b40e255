import type { Job } from '../store/jobs.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { Store } from '../store/store.js';

/** A kind of job and where its resources live, e.g. `batch_scrape` under `/v2/batch/scrape`. */
export interface JobResource {
  kind: string;
  /** The collection path; a job's status is at `<path>/<id>`. */
  path: string;
}

/**
 * The job `id` of the resource's kind as the requesting team may see it
 * (§1.14): unknown ids and jobs of other kinds are 404 `Job not found`;
 * another team's job answers `otherTeam` (404 on status reads, so ids cannot
 * be probed; 403 on cancel and errors); an ended job past its `expiresAt`
 * that the retention sweep has not purged yet is 404 `Job expired`.
 */
export async function accessJob<O>(
  store: Store,
  ctx: RequestContext,
  resource: JobResource,
  id: string,
  otherTeam: () => TrawlError,
): Promise<Job<O>> {
  const job = await store.jobs.get<O>(id);
  if (!job || job.kind !== resource.kind) throw new TrawlError('RESOURCE_NOT_FOUND');
  if (job.teamId !== ctx.team.id) throw otherTeam();
  if (job.status !== 'running' && Date.parse(job.expiresAt) <= Date.now()) throw new TrawlError('RESOURCE_NOT_FOUND', 'Job expired');
  return job;
}

/** The `:id` of a job route. */
export const jobIdOf = (ctx: RequestContext): string => (ctx.req.params as { id: string }).id;
