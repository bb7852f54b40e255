import { charge, tokensToCredits } from '../billing/credits.js';
import type { Fetcher } from '../crawl/robots.js';
import type { Worker } from '../jobs/worker.js';
import type { Llm } from '../llm/index.js';
import type { Scraper } from '../scrape/scraper.js';
import type { SearchProvider } from '../search/provider.js';
import type { ExtractOutcome, ExtractTargets } from '../store/extracts.js';
import type { Job } from '../store/jobs.js';
import type { Store } from '../store/store.js';
import { modelFailureOf } from './failure.js';
import { EXTRACT_RUN, type ExtractSettings } from './job.js';
import { pageInputOf, readPages } from './pages.js';
import { attributeSources } from './sources.js';
import { expandTargets } from './targets.js';

export interface ExtractRunDeps {
  store: Store;
  scraper: Scraper;
  llm: Llm;
  /** Reads sitemaps and section pages when a `/*` URL is expanded. */
  fetcher: Fetcher;
  search?: SearchProvider | undefined;
}

/** A failure of the extraction itself, which running it again would repeat. */
class ExtractFailure extends Error {}

/** Failed pages named in the warning, at most. */
const NAMED_FAILURES = 3;

/**
 * Registers the worker's handler of extract jobs. One task runs a job from
 * its URLs to its answer; what it settles on the way (the pages to read, each
 * page read) is recorded, so a run resumed after a restart picks up there.
 * A failure of the extraction is recorded before the task fails, so the
 * status reads `failed` at once and the queue's retries end at once.
 */
export function handleExtractJobs(worker: Worker, deps: ExtractRunDeps): void {
  const { store } = deps;
  worker.handle(EXTRACT_RUN, async (task, { signal }) => {
    const job = task.jobId ? await store.jobs.get<ExtractSettings>(task.jobId) : null;
    if (!job) throw new Error(`Extract task ${task.id} has no job`);
    const record = await store.extracts.result(job.id);
    if (record?.outcome) return;
    if (record?.error) throw new ExtractFailure(record.error);
    const { timeout } = job.options;
    const left = timeout === undefined ? undefined : Date.parse(job.createdAt) + timeout - Date.now();
    const run = left === undefined ? signal : AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, left))]);
    try {
      const outcome = await extract(deps, job, run);
      if (outcome.credits > 0) {
        const { teamId, apiKeyId } = job.options;
        await charge(store, { teamId, apiKeyId, kind: 'extract', jobId: job.id, credits: outcome.credits });
      }
      await store.extracts.finish(job.id, outcome);
    } catch (err) {
      // Cancelled, shutting down, or the lease lost: not the extraction's fault.
      if (signal.aborted) throw signal.reason;
      const message = run.aborted
        ? `Extract timed out after ${timeout} ms`
        : err instanceof ExtractFailure
          ? err.message
          : modelFailureOf(err);
      if (message === null) throw err;
      await store.extracts.fail(job.id, message);
      throw new ExtractFailure(message);
    }
  });
}

async function extract(deps: ExtractRunDeps, job: Job<ExtractSettings>, signal: AbortSignal): Promise<ExtractOutcome> {
  const { store, llm } = deps;
  const s = job.options;
  const targets: ExtractTargets =
    (await store.extracts.targets(job.id)) ??
    (await store.extracts.settleTargets(
      job.id,
      await expandTargets(
        deps,
        {
          urls: s.urls,
          prompt: s.prompt,
          limit: s.limit,
          ignoreSitemap: s.ignoreSitemap,
          includeSubdomains: s.includeSubdomains,
          webSearch: s.enableWebSearch,
          teamId: s.teamId,
        },
        signal,
      ),
    ));
  if (!targets.urls.length) {
    throw new ExtractFailure(['No pages to extract from.', ...targets.warnings].join(' '));
  }

  const reads = await readPages({ scraper: deps.scraper, results: store.results }, job.id, targets.urls, s, signal);
  const read = reads.flatMap((r) => ('document' in r ? [r.document] : []));
  const failed = reads.flatMap((r) => ('error' in r ? [r] : []));
  if (!read.length) {
    const first = failed[0];
    throw new ExtractFailure(`None of the ${reads.length} pages could be read${first ? ` (${first.url}: ${first.error})` : ''}.`);
  }

  const pages = read.map(pageInputOf);
  const out = await llm.extract({
    pages,
    ...(s.prompt !== undefined && { prompt: s.prompt }),
    ...(s.schema !== undefined && { schema: s.schema }),
    ...(s.systemPrompt !== undefined && { systemPrompt: s.systemPrompt }),
    signal,
  });

  const warnings = [...targets.warnings];
  if (failed.length) {
    const named = failed.slice(0, NAMED_FAILURES).map((f) => `${f.url} (${f.error})`);
    const more = failed.length > NAMED_FAILURES ? ` and ${failed.length - NAMED_FAILURES} more` : '';
    warnings.push(`${failed.length} of ${reads.length} pages could not be read: ${named.join('; ')}${more}.`);
  }
  warnings.push(...out.warnings);
  const tokensUsed = out.usage.totalTokens;
  return {
    data: out.data,
    sources: out.sources ?? attributeSources(out.data, pages),
    warnings,
    tokensUsed,
    credits: tokensToCredits(tokensUsed) + targets.searchResults,
    urlTrace: reads.map((r) => ('document' in r ? { url: r.url, status: 'success' } : { url: r.url, status: 'error', error: r.error })),
  };
}
