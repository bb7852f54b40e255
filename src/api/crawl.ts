import { z } from 'zod';
import { MAX_TIMER_MS, opt, originFields, queryInt, strictObject, targetUrl } from './common.js';
import { scrapeOptionsOrDefaults } from './scrape-options.js';
import { webhook } from './webhook.js';

/** An ECMAScript regular expression, unanchored (search semantics). */
const pathPattern = z.string().superRefine((pattern, ctx) => {
  try {
    new RegExp(pattern);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `Invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}` });
  }
});

export const sitemapMode = z.enum(['include', 'skip', 'only']);

/** §7.1 crawler options: everything of the crawl body except `url` and `webhook` (monitor crawl targets reuse it). */
export const crawlOptionsShape = {
  prompt: opt(z.string().max(10_000)).describe(
    'Natural-language description the crawler options are derived from; explicit fields win.',
  ),
  includePaths: opt(z.array(pathPattern), []).describe(
    'Regexes; only URLs whose path (or full URL with regexOnFullURL) matches one are crawled.',
  ),
  excludePaths: opt(z.array(pathPattern), []).describe('Regexes; matching URLs are skipped. Exclusion wins.'),
  regexOnFullURL: opt(z.boolean(), false),
  maxDiscoveryDepth: opt(z.int().min(0)).describe('Maximum link hops from the start URL (sitemap URLs are depth 0).'),
  sitemap: opt(sitemapMode, 'include'),
  ignoreQueryParameters: opt(z.boolean(), false),
  deduplicateSimilarURLs: opt(z.boolean(), true),
  limit: opt(z.int().min(1), 10_000).describe('Maximum pages to scrape.'),
  crawlEntireDomain: opt(z.boolean(), false).describe('Follow any internal link, not only children of the start path.'),
  allowExternalLinks: opt(z.boolean(), false),
  allowSubdomains: opt(z.boolean(), false),
  ignoreRobotsTxt: opt(z.boolean(), false),
  robotsUserAgent: opt(z.string()).describe('User agent used to fetch and evaluate robots.txt.'),
  delay: opt(z.number().positive().max(MAX_TIMER_MS / 1000)).describe('Seconds between scrapes; forces a concurrency of 1.'),
  maxConcurrency: opt(z.int().min(1)).describe('Capped at the team limit.'),
  scrapeOptions: scrapeOptionsOrDefaults.describe('Applied to every page.'),
  zeroDataRetention: opt(z.boolean(), false),
  ...originFields,
};

/** §7.1 `POST /v2/crawl`. */
export const crawlRequest = strictObject({
  url: targetUrl.describe('Start URL.'),
  webhook: opt(webhook),
  ...crawlOptionsShape,
});

export type CrawlRequest = z.output<typeof crawlRequest>;

/** §7.6 `POST /v2/crawl/params-preview`. */
export const crawlParamsPreviewRequest = strictObject({
  url: targetUrl,
  prompt: z.string().max(10_000),
  ...originFields,
});

export type CrawlParamsPreviewRequest = z.output<typeof crawlParamsPreviewRequest>;

/** §7.2 / §8.2 (§1.14.1): `GET /v2/crawl/{id}` and `GET /v2/batch/scrape/{id}`. */
export const jobStatusQuery = z.object({
  skip: opt(queryInt.min(0), 0).describe('Result documents to skip.'),
  limit: opt(queryInt.min(1)).describe('Maximum documents in this page.'),
});

export type JobStatusQuery = z.output<typeof jobStatusQuery>;
