import { z } from 'zod';
import { auditMetadata, MAX_TIMER_MS, opt, originFields, strictObject, targetUrl, threatProtection, timerMs } from './common.js';
import { sitemapMode } from './crawl.js';
import { location } from './location.js';

const legacy = <T extends z.ZodType>(schema: T) => opt(schema).describe('Legacy crawler option: accepted and ignored.');

/** §6.1 `POST /v2/map`. */
export const mapRequest = strictObject({
  url: targetUrl.describe('Site root or section to map.'),
  search: opt(z.string()).describe('Rank links by relevance to this text.'),
  sitemap: opt(sitemapMode, 'include'),
  includeSubdomains: opt(z.boolean(), true),
  ignoreQueryParameters: opt(z.boolean(), true),
  ignoreCache: opt(z.boolean(), false).describe('Bypass cached sitemap data.'),
  limit: opt(z.int().min(1).max(100_000), 5000).describe('Maximum links returned.'),
  timeout: opt(timerMs()).describe('Milliseconds; exceeding it answers 408 MAP_TIMEOUT.'),
  location: opt(location),
  threatProtection: opt(threatProtection),
  auditMetadata: opt(auditMetadata),
  useIndex: opt(z.boolean(), true).describe('Legacy: allow use of a stored URL index.'),
  filterByPath: opt(z.boolean(), true).describe('Legacy: keep only links under the path of `url`.'),
  useMock: opt(z.string()).describe('Test hook.'),
  includePaths: legacy(z.array(z.string())),
  excludePaths: legacy(z.array(z.string())),
  maxDiscoveryDepth: legacy(z.int().min(0)),
  crawlEntireDomain: legacy(z.boolean()),
  allowExternalLinks: legacy(z.boolean()),
  allowSubdomains: legacy(z.boolean()),
  ignoreRobotsTxt: legacy(z.boolean()),
  deduplicateSimilarURLs: legacy(z.boolean()),
  regexOnFullURL: legacy(z.boolean()),
  delay: legacy(z.number().positive().max(MAX_TIMER_MS / 1000)),
  ...originFields,
});

export type MapRequest = z.output<typeof mapRequest>;
