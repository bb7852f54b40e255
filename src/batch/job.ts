import type { JobResource } from '../jobs/job-access.js';
import type { PagePayload, PageScrapeSettings } from '../jobs/results.js';

/** Batch jobs; their options are the PageScrapeSettings of the request that started them. */
export const batchScrapeResource: JobResource = { kind: 'batch_scrape', path: '/v2/batch/scrape' };

/** Task kind of one URL of a batch. */
export const BATCH_PAGE = 'batch_scrape.page';

export interface BatchPagePayload extends PagePayload {
  /** Settings of the request that appended this URL (`appendToId`); without them the job's apply. */
  settings?: PageScrapeSettings;
}
