import { randomUUID } from 'node:crypto';
import type { BatchScrapeRequest, ScrapeOptions } from '../api/index.js';
import { TrawlError } from '../errors/trawl-error.js';
import { accessJob } from '../jobs/job-access.js';
import type { RequestContext } from '../http/route.js';
import type { PageScrapeSettings } from '../jobs/results.js';
import { BATCH_PAGE, type BatchPagePayload, batchScrapeResource } from './job.js';
import type { JobStartDeps } from '../jobs/start-deps.js';

/** The body without the batch's own fields: what each page is scraped with. */
function scrapeOptionsOf(body: BatchScrapeRequest): ScrapeOptions {
  const {
    urls: _urls,
    invalidURLs: _invalid,
    webhook: _webhook,
    appendToId: _appendToId,
    ignoreInvalidURLs: _ignore,
    maxConcurrency: _maxConcurrency,
    zeroDataRetention: _zdr,
    toolDetail: _toolDetail,
    ...options
  } = body;
  return options;
}

/**
 * `POST /v2/batch/scrape` (§8.1): one task per URL, its id the page's
 * scrapeId, under a new job or, with `appendToId`, under a running batch of
 * the same team.
 */
export async function startBatchScrape(deps: JobStartDeps, ctx: RequestContext<BatchScrapeRequest>) {
  const { body, team } = ctx;
  if (!body.urls.length) {
    throw new TrawlError('INVALID_REQUEST', `None of the ${body.invalidURLs.length} URLs is valid; they are all listed in invalidURLs`);
  }
  const baseUrl = ctx.baseUrl;
  const settings: PageScrapeSettings = {
    options: scrapeOptionsOf(body),
    teamId: team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    baseUrl,
    zeroDataRetention: body.zeroDataRetention,
  };

  let jobId: string;
  if (body.appendToId) {
    const job = await accessJob(deps.store, ctx, batchScrapeResource, body.appendToId, () => new TrawlError('FORBIDDEN'));
    if (job.status !== 'running') throw endedBatch(job.id, job.status);
    jobId = job.id;
  } else {
    const job = await deps.store.jobs.create({
      kind: batchScrapeResource.kind,
      teamId: team.id,
      options: settings,
      maxConcurrency: body.maxConcurrency ?? null,
    });
    jobId = job.id;
    // Before any page can exist, so the job's webhook hears `started` first.
    await deps.events.emit({ type: 'started', job: { id: job.id, kind: job.kind, teamId: job.teamId }, webhook: body.webhook });
  }

  const payload = (u: { url: string; sourceURL: string }): BatchPagePayload =>
    body.appendToId ? { ...u, settings } : u;
  const ids = await deps.queue.enqueueMany(
    body.urls.map((u) => ({ id: randomUUID(), kind: BATCH_PAGE, teamId: team.id, jobId, payload: payload(u) })),
  );
  // The queue drops work for a job that has ended, which an appended-to batch
  // may have done since it was read.
  if (body.appendToId && !(await deps.store.tasks.get(ids[0]!))) {
    throw endedBatch(jobId, (await deps.store.jobs.get(jobId))!.status);
  }

  return {
    success: true,
    id: jobId,
    url: `${baseUrl}${batchScrapeResource.path}/${jobId}`,
    ...(body.ignoreInvalidURLs && { invalidURLs: body.invalidURLs }),
  };
}

const endedBatch = (id: string, status: string) =>
  new TrawlError('INVALID_REQUEST', `Batch ${id} has ended (${status}); URLs can only be added to a batch that is still running`);
