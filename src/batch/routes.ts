import { batchScrapeRequest, jobStatusQuery } from '../api/index.js';
import { batchScrapeResource } from './job.js';
import { startBatchScrape } from './handlers.js';
import { cancelJob } from '../jobs/job-cancel.js';
import { jobErrors } from '../jobs/job-errors.js';
import { jobStatus } from '../jobs/job-status.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { JobStartDeps } from '../jobs/start-deps.js';

export function batchRoutes(deps: JobStartDeps): RouteSpec[] {
  return defineRoutes(
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
      handler: (ctx) => startBatchScrape(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/batch/scrape/:id',
      operationId: 'getBatchScrapeStatus',
      summary: 'Batch scrape status and results',
      tag: 'Batch scrape',
      rateClass: 'crawlStatus',
      query: jobStatusQuery,
      handler: (ctx) => jobStatus(deps.store, ctx, batchScrapeResource),
    },
    {
      method: 'DELETE',
      url: '/v2/batch/scrape/:id',
      operationId: 'cancelBatchScrape',
      summary: 'Cancel a batch scrape',
      tag: 'Batch scrape',
      rateClass: 'crawlStatus',
      handler: (ctx) => cancelJob(deps, ctx, batchScrapeResource),
    },
    {
      method: 'GET',
      url: '/v2/batch/scrape/:id/errors',
      operationId: 'getBatchScrapeErrors',
      summary: 'Failed pages of a batch scrape',
      tag: 'Batch scrape',
      rateClass: 'crawlStatus',
      handler: (ctx) => jobErrors(deps.store, ctx, batchScrapeResource),
    },
  );
}
