import { scrapeIntoJob, type PageScrapeSettings } from '../jobs/results.js';
import type { Worker } from '../jobs/worker.js';
import type { Scraper } from '../scrape/scraper.js';
import type { Store } from '../store/store.js';
import { BATCH_PAGE, type BatchPagePayload } from './job.js';

/** Registers the worker's handler of batch pages: each scrapes one URL into its batch's results. */
export function handleBatchPages(worker: Worker, deps: { store: Store; scraper: Scraper }): void {
  const { store, scraper } = deps;
  worker.handle<BatchPagePayload>(BATCH_PAGE, async (task, { signal }) => {
    const job = task.jobId ? await store.jobs.get<PageScrapeSettings>(task.jobId) : null;
    if (!job) throw new Error(`Batch page ${task.id} has no batch job`);
    await scrapeIntoJob({ scraper, results: store.results }, job.id, task, task.payload.settings ?? job.options, signal);
  });
}
