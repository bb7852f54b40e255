import type { ScrapeOptions } from '../api/index.js';
import { pageTaskId } from '../crawl/job.js';
import type { PageInput } from '../llm/index.js';
import type { Document } from '../api/document.js';
import { isScrapeError } from '../scrape/errors.js';
import type { Scraper } from '../scrape/scraper.js';
import type { JobResultStore } from '../store/results.js';

/** Pages of one job read at once: enough to hide latency, few enough to spare the team's other work. */
const CONCURRENCY = 4;

export interface PageReaderDeps {
  scraper: Scraper;
  results: JobResultStore;
}

export interface PageReadSettings {
  scrapeOptions: ScrapeOptions;
  teamId: string;
  apiKeyId: string | null;
  baseUrl: string;
}

/** `fresh`: scraped (and charged) by this call rather than found from an earlier run. */
export type PageRead = { url: string; document: Document; fresh: boolean } | { url: string; error: string };

/**
 * What the models read of a page: its markdown, and its raw HTML, where the
 * offline engine finds JSON-LD, microdata and tables. Whatever else the
 * caller's scrapeOptions ask for (proxy, actions, headers…) applies.
 */
function readingOptions(options: ScrapeOptions): ScrapeOptions {
  return { ...options, formats: [{ type: 'markdown' }, { type: 'rawHtml' }] };
}

export function pageInputOf(document: Document): PageInput {
  return {
    url: document.metadata.url ?? document.metadata.sourceURL,
    markdown: document.markdown ?? '',
    ...(document.rawHtml !== undefined && { html: document.rawHtml }),
    metadata: document.metadata,
  };
}

/**
 * Scrapes each URL into the job's results under an id derived from the job
 * and the URL, so that a run resumed after a restart finds the pages an
 * earlier run read and neither fetches nor charges them again. A page that
 * answered 4xx/5xx is read (and paid) but comes back as an error: it holds
 * nothing worth extracting. Never throws for one page; throws when `signal`
 * aborts.
 */
export async function readPages(
  deps: PageReaderDeps,
  jobId: string,
  urls: string[],
  settings: PageReadSettings,
  signal: AbortSignal,
): Promise<PageRead[]> {
  const options = readingOptions(settings.scrapeOptions);
  const one = async (url: string): Promise<PageRead> => {
    const id = pageTaskId(jobId, url);
    const earlier = await deps.results.outcome(id);
    let document: Document;
    if (earlier && 'error' in earlier) return { url, error: earlier.error.error };
    const fresh = !earlier;
    if (earlier) {
      document = earlier.document;
    } else {
      try {
        document = await deps.scraper.scrape({
          url,
          sourceURL: url,
          options,
          teamId: settings.teamId,
          apiKeyId: settings.apiKeyId,
          baseUrl: settings.baseUrl,
          scrapeId: id,
          signal,
        });
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        const message = err instanceof Error ? err.message : String(err);
        if (isScrapeError(err)) await deps.results.addError(jobId, { taskId: id, url, code: err.code, error: message });
        return { url, error: message };
      }
      await deps.results.addDocument(jobId, id, document);
    }
    const status = document.metadata.statusCode;
    if (status >= 400) return { url, error: `The page answered HTTP ${status}` };
    return { url, document, fresh };
  };

  const out: PageRead[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      signal.throwIfAborted();
      const i = next++;
      out[i] = await one(urls[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  return out;
}
