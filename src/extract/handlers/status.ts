import { TrawlError } from '../../errors/trawl-error.js';
import { accessJob, jobIdOf } from '../../jobs/job-access.js';
import type { RequestContext } from '../../http/route.js';
import type { Job } from '../../store/jobs.js';
import { type ExtractSettings, extractResource } from '../job.js';
import type { Store } from '../../store/store.js';

const NOT_FOUND = 'Extract job not found';

/** The job as the team may see it; unknown ids and other teams' jobs are §9.2's 404. */
async function extractJob(deps: { store: Store }, ctx: RequestContext): Promise<Job<ExtractSettings>> {
  try {
    return await accessJob<ExtractSettings>(deps.store, ctx, extractResource, jobIdOf(ctx), () => new TrawlError('RESOURCE_NOT_FOUND', NOT_FOUND));
  } catch (err) {
    if (err instanceof TrawlError && err.code === 'RESOURCE_NOT_FOUND' && err.message !== 'Job expired') throw new TrawlError('RESOURCE_NOT_FOUND', NOT_FOUND);
    throw err;
  }
}

/**
 * `GET /v2/extract/{id}` (§9.2). A failure the run recorded shows at once,
 * while the queue is still winding the task down. `creditsUsed` counts the
 * pages read (as a scrape charges them) plus the model's tokens and any web
 * search results.
 */
export async function extractStatus(deps: { store: Store }, ctx: RequestContext) {
  const { store } = deps;
  const job = await extractJob(deps, ctx);
  const record = await store.extracts.result(job.id);
  const outcome = record?.outcome ?? null;
  const error =
    job.status === 'cancelled' ? null : (record?.error ?? (job.status === 'failed' ? (job.error ?? 'The extract failed') : null));
  const status =
    job.status === 'cancelled' ? 'cancelled' : error ? 'failed' : outcome ? 'completed' : job.status === 'running' ? 'processing' : 'failed';
  // Past the last document: only the totals are read.
  const pages = await store.results.page(job.id, { skip: Number.MAX_SAFE_INTEGER, maxBytes: 0 });
  const creditsUsed = pages.creditsUsed + (outcome?.credits ?? 0);
  const s = job.options;
  return {
    success: status !== 'failed',
    status,
    ...(status === 'completed' && { data: outcome!.data }),
    ...(status === 'failed' && { error: error ?? 'The extract produced no result' }),
    expiresAt: job.expiresAt,
    ...(status === 'completed' && s.showSources && { sources: outcome!.sources }),
    tokensUsed: outcome?.tokensUsed ?? 0,
    creditsUsed,
    ...(outcome && s.urlTrace && { urlTrace: outcome.urlTrace }),
    // `warnings` is what the SDK types declare; `warning` is kept for older clients.
    ...(outcome && outcome.warnings.length > 0 && { warning: outcome.warnings.join(' '), warnings: outcome.warnings }),
  };
}
