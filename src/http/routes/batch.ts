import { batchScrapeRequest, jobStatusQuery } from '../../api/index.js';
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
    feature: 'Batch scrape',
  },
  {
    method: 'GET',
    url: '/v2/batch/scrape/:id',
    operationId: 'getBatchScrapeStatus',
    summary: 'Batch scrape status and results',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    query: jobStatusQuery,
    feature: 'Batch scrape',
  },
  {
    method: 'DELETE',
    url: '/v2/batch/scrape/:id',
    operationId: 'cancelBatchScrape',
    summary: 'Cancel a batch scrape',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    feature: 'Batch scrape',
  },
  {
    method: 'GET',
    url: '/v2/batch/scrape/:id/errors',
    operationId: 'getBatchScrapeErrors',
    summary: 'Failed pages of a batch scrape',
    tag: 'Batch scrape',
    rateClass: 'crawlStatus',
    feature: 'Batch scrape',
  },
);
