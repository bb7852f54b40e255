import { z } from 'zod';
import { acceptUrlList, opt } from './common.js';
import { scrapeOptionsObject, toolDetail } from './scrape-options.js';
import { webhook } from './webhook.js';

/**
 * §8.1 `POST /v2/batch/scrape`: ScrapeOptions flattened at the top level.
 *
 * Output `urls` holds the accepted URLs with the caller's original spelling
 * (`sourceURL`), and `invalidURLs` the dropped ones when `ignoreInvalidURLs`
 * is on; when it is off, any invalid URL fails validation at `urls.<index>`.
 */
export const batchScrapeRequest = scrapeOptionsObject({
  urls: z.array(z.string().meta({ format: 'uri' })).min(1).describe('URLs to scrape; "http://" is assumed when the scheme is missing.'),
  webhook: opt(webhook),
  appendToId: opt(z.uuid()).describe('Add these URLs to an existing batch of the same team.'),
  ignoreInvalidURLs: opt(z.boolean(), true).describe('Drop invalid URLs (listed in invalidURLs) instead of failing.'),
  maxConcurrency: opt(z.int().min(1)),
  zeroDataRetention: opt(z.boolean(), false),
  toolDetail,
}).transform((body, ctx) => {
  const urls = acceptUrlList(body.urls, body.ignoreInvalidURLs, ctx);
  return urls ? { ...body, urls: urls.valid, invalidURLs: urls.invalidURLs } : z.NEVER;
});

export type BatchScrapeRequest = z.output<typeof batchScrapeRequest>;
