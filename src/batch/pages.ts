import type { JobEvents } from '../jobs/events.js';
import { scrapeIntoJob, type PageScrapeSettings } from '../jobs/results.js';
import type { Worker } from '../jobs/worker.js';
import type { Document } from '../api/document.js';
import type { Scraper } from '../scrape/scraper.js';
import type { Store } from '../store/store.js';
import { BATCH_PAGE, type BatchPagePayload } from './job.js';

/** Registers the worker's handler of batch pages: each scrapes one URL into its batch's results. */
export function handleBatchPages(worker: Worker, deps: { store: Store; scraper: Scraper; events: JobEvents }): void {
  const { store, scraper, events } = deps;
  worker.handle<BatchPagePayload>(BATCH_PAGE, async (task, { signal }) => {
    const job = task.jobId ? await store.jobs.get<PageScrapeSettings>(task.jobId) : null;
    if (!job) throw new Error(`Batch page ${task.id} has no batch job`);
    const ref = { id: job.id, kind: job.kind, teamId: job.teamId };
    const onDocument = (document: Document) => events.emit({ type: 'page', job: ref, document });
    await scrapeIntoJob({ scraper, results: store.results, onDocument }, job.id, task, task.payload.settings ?? job.options, signal);
  });
}
