import type { JobEvents } from '../jobs/events.js';
import type { Queue } from '../jobs/queue.js';
import { scrapeIntoJob } from '../jobs/results.js';
import type { Worker } from '../jobs/worker.js';
import type { Document } from '../api/document.js';
import type { Scraper } from '../scrape/scraper.js';
import type { Store } from '../store/store.js';
import { CrawlContexts } from './context.js';
import { admitUrls } from './frontier.js';
import { CRAWL_PAGE, type CrawlPagePayload } from './job.js';
import { HostGate } from './politeness.js';
import type { Fetcher } from './robots.js';
import { RobotsCache } from './robots-cache.js';
import { discoverFromStart } from './seed.js';

export interface CrawlPageDeps {
  store: Store;
  queue: Queue;
  scraper: Scraper;
  events: JobEvents;
  /** Reads robots.txt and sitemaps. */
  fetcher: Fetcher;
  /** Requests of one crawl in flight to one host at most. */
  hostConcurrency: number;
}

/**
 * Registers the worker's handler of crawl pages. Each scrapes its page into
 * the crawl's results and, while the page is on the crawled site and within
 * `maxDiscoveryDepth`, admits the links it found, before the Document is
 * recorded: a crash in between re-runs the page, never losing its links.
 */
export function handleCrawlPages(worker: Worker, deps: CrawlPageDeps): void {
  const { store, scraper, events } = deps;
  const contexts = new CrawlContexts(store);
  const gate = new HostGate(deps.hostConcurrency);
  const frontier = { store, queue: deps.queue, robots: new RobotsCache(deps.fetcher) };

  worker.handle<CrawlPagePayload>(CRAWL_PAGE, async (task, { signal }) => {
    if (!task.jobId) throw new Error(`Crawl page ${task.id} has no crawl job`);
    const ctx = await contexts.get(task.jobId);
    const { settings, rules, ref } = ctx;
    const { url, depth } = task.payload;
    if (task.payload.seed && !(await discoverFromStart({ ...frontier, fetcher: deps.fetcher }, ctx, task, signal))) return;

    const { sitemap, maxDiscoveryDepth } = settings.options;
    const discovers = sitemap !== 'only' && (maxDiscoveryDepth === undefined || depth < maxDiscoveryDepth);
    let release: (() => void) | undefined;
    // Methods rather than named closures, made for every page: under tsx each named closure
    // costs a defineProperty (~0.4 us).
    const politeScraper: Scraper = {
      async scrape(input) {
        release = await gate.acquire(ref.id, new URL(url).host, ctx.delayMs, signal);
        // The host is done with the page once its response is in: the next page's request
        // goes out while this one is turned into markdown and stored.
        return scraper.scrape({ ...input, onFetched: release });
      },
      close() {
        return scraper.close();
      },
    };
    const recording = {
      scraper: politeScraper,
      results: store.results,
      async beforeRecord(document: Document): Promise<Document> {
        release?.();
        const { links, ...rest } = document;
        const base = document.metadata.url || url;
        // External pages are one hop: their links are not the crawl's to follow.
        if (discovers && links?.length && rules.isInternal(new URL(base))) {
          const found = links.map((href) => ({ href, depth: depth + 1 }));
          await admitUrls(frontier, ctx, task.id, found, base, signal);
        }
        return settings.stripLinks ? rest : document;
      },
      onDocument(document: Document) {
        return events.emit({ type: 'page', job: ref, document });
      },
    };
    let document: Document | null;
    try {
      document = await scrapeIntoJob(
        recording,
        ref.id,
        task,
        settings.page,
        signal,
      );
    } finally {
      release?.();
    }
    // A crawl whose start page failed with nothing else to go on could not
    // run at all, which §7.2 calls failed: failing the task (once its
    // retries are spent) ends the job so, with the page's error.
    if (!document && task.payload.seed && (await store.jobs.get(ref.id))?.total === 1) {
      const outcome = await store.results.outcome(task.id);
      const reason = outcome && 'error' in outcome ? outcome.error.error : 'it produced no document';
      throw new Error(`The start page could not be scraped: ${reason}`);
    }
  });
}
