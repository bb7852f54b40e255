import { batchScrapeRequest, jobStatusQuery } from '../../api/index.js';
import { batchScrapeResource } from '../../batch/job.js';
import { startBatchScrape } from '../../batch/start.js';
import { cancelJob } from '../job-cancel.js';
import { jobErrors } from '../job-errors.js';
import { jobStatus } from '../job-status.js';
import { defineRoutes } from '../route.js';

export const batchRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/batch/scrape',
    operationId: 'batchScrape',
    summary: 'Start scraping many URLs',
    tag: 'Batch scrape',
    rateClass: 'scrape',
    body: batchScrapeRequest,
    creditsRequired: (b) => b.urls.length,
    idempotent: true,
    handler: startBatchScrape,
  },
  {
    method: 'GET',
    url: '/v2/batch/scrape/:id',
    operationId: 'getBatchScrapeStatus',
    summary: 'Batch scrape status and results',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    query: jobStatusQuery,
    handler: (ctx) => jobStatus(ctx, batchScrapeResource),
  },
  {
    method: 'DELETE',
    url: '/v2/batch/scrape/:id',
    operationId: 'cancelBatchScrape',
    summary: 'Cancel a batch scrape',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    handler: (ctx) => cancelJob(ctx, batchScrapeResource),
  },
  {
    method: 'GET',
    url: '/v2/batch/scrape/:id/errors',
    operationId: 'getBatchScrapeErrors',
    summary: 'Failed pages of a batch scrape',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    handler: (ctx) => jobErrors(ctx, batchScrapeResource),
  },
);
