import { crawlParamsPreviewRequest, crawlRequest, jobStatusQuery } from '../api/index.js';
import { activeCrawls } from './handlers/active.js';
import { crawlResource } from './job.js';
import { crawlParamsPreview } from './prompt/index.js';
import { type CrawlStartDeps, startCrawl } from './handlers/start.js';
import { cancelJob } from '../jobs/job-cancel.js';
import { jobErrors } from '../jobs/job-errors.js';
import { jobStatus } from '../jobs/job-status.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { Config } from '../config.js';

export function crawlRoutes(deps: CrawlStartDeps & { config: Pick<Config, 'crawlHostConcurrency'> }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/crawl',
      operationId: 'crawl',
      summary: 'Start a crawl',
      tag: 'Crawl',
      rateClass: 'crawl',
      body: crawlRequest,
      // §1.10: with at least one credit the crawl's limit is clamped, not refused.
      creditsRequired: () => 1,
      idempotent: true,
      feature: 'Crawl',
      handler: (ctx) => startCrawl(deps, ctx, deps.config.crawlHostConcurrency),
    },
    {
      method: 'GET',
      url: '/v2/crawl/active',
      operationId: 'getActiveCrawls',
      summary: 'Running crawls of the team',
      tag: 'Crawl',
      rateClass: 'crawlStatus',
      feature: 'Crawl',
      handler: (ctx) => activeCrawls(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/crawl/ongoing',
      operationId: 'getOngoingCrawls',
      summary: 'Running crawls of the team (alias of /v2/crawl/active)',
      tag: 'Crawl',
      rateClass: 'crawlStatus',
      feature: 'Crawl',
      handler: (ctx) => activeCrawls(deps, ctx),
    },
    {
      method: 'POST',
      url: '/v2/crawl/params-preview',
      operationId: 'crawlParamsPreview',
      summary: 'Derive crawl options from a prompt',
      tag: 'Crawl',
      rateClass: 'crawl',
      body: crawlParamsPreviewRequest,
      feature: 'Crawl params preview',
      handler: (ctx) => crawlParamsPreview(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/crawl/:id',
      operationId: 'getCrawlStatus',
      summary: 'Crawl status and results',
      tag: 'Crawl',
      rateClass: 'crawlStatus',
      query: jobStatusQuery,
      feature: 'Crawl',
      handler: (ctx) => jobStatus(deps.store, ctx, crawlResource),
    },
    {
      method: 'DELETE',
      url: '/v2/crawl/:id',
      operationId: 'cancelCrawl',
      summary: 'Cancel a crawl',
      tag: 'Crawl',
      rateClass: 'crawlStatus',
      feature: 'Crawl',
      handler: (ctx) => cancelJob(deps, ctx, crawlResource),
    },
    {
      method: 'GET',
      url: '/v2/crawl/:id/errors',
      operationId: 'getCrawlErrors',
      summary: 'Failed pages and robots.txt blocks of a crawl',
      tag: 'Crawl',
      rateClass: 'crawlStatus',
      feature: 'Crawl',
      handler: (ctx) => jobErrors(deps.store, ctx, crawlResource),
    },
  );
}
