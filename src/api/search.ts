import { z } from 'zod';
import {
  hostName,
  nameOrObject,
  opt,
  originFields,
  strictObject,
  threatProtection,
  timerMs,
  typeOnly,
} from './common.js';
import { scrapeOptions, toolDetail } from './scrape-options.js';

const DOMAIN_FILTER_MESSAGE = 'includeDomains and excludeDomains cannot both be specified';
const DEVELOPER_CATEGORY_MESSAGE = 'the developer category cannot be combined with other categories';
const SEARCH_CHANGE_TRACKING_MESSAGE = 'The changeTracking format is not supported by /v2/search';

const SOURCE_TYPES = ['web', 'news', 'images'] as const;
const CATEGORY_TYPES = ['github', 'research', 'pdf', 'developer'] as const;

const sourceObject = z.discriminatedUnion('type', [
  strictObject({
    type: z.literal('web'),
    tbs: opt(z.string()),
    location: opt(z.string()),
    filter: opt(z.string()),
    lang: opt(z.string()),
    country: opt(z.string()),
  }),
  typeOnly('news'),
  typeOnly('images'),
]);

const categoryObject = z.discriminatedUnion('type', [
  typeOnly('github'),
  typeOnly('research'),
  typeOnly('pdf'),
  typeOnly('developer'),
]);

const listOf = (kind: string, names: readonly string[]) => (name: string) =>
  `Unknown ${kind} "${name}". Expected one of: ${names.join(', ')}`;

/** §5.1 `POST /v2/search`. */
export const searchRequest = strictObject({
  query: z.string().min(1).max(500).describe('Search query; operators such as site: pass through.'),
  limit: opt(z.int().min(1).max(100), 10).describe('Maximum results per source.'),
  sources: opt(z.array(nameOrObject(SOURCE_TYPES, sourceObject, listOf('source', SOURCE_TYPES))), ['web']).describe(
    'Result groups to return. String "web"/"news" inherit the top-level tbs, location, country and lang.',
  ),
  categories: opt(z.array(nameOrObject(CATEGORY_TYPES, categoryObject, listOf('category', CATEGORY_TYPES))), []),
  includeDomains: opt(z.array(hostName)).describe('Only results from these host names.'),
  excludeDomains: opt(z.array(hostName)).describe('Drop results from these host names.'),
  tbs: opt(z.string()).describe('Time filter, e.g. "qdr:d", "qdr:w", "sbd:1".'),
  location: opt(z.string()).describe('Place name, e.g. "San Francisco,California,United States".'),
  country: opt(z.string(), 'US').describe('Country to geo-target, ISO 3166-1 alpha-2; passed to the search provider as given.'),
  lang: opt(z.string(), 'en'),
  filter: opt(z.string()),
  safe: opt(z.boolean()),
  timeout: opt(timerMs(), 60_000).describe('Whole-request budget in milliseconds, scraping included.'),
  ignoreInvalidURLs: opt(z.boolean(), false).describe('Drop results whose URL scrape/crawl would reject.'),
  highlights: opt(z.boolean(), true),
  enterprise: opt(z.array(z.enum(['default', 'anon', 'zdr']))),
  scrapeOptions: opt(scrapeOptions).describe(
    'Scrape each web/news result. Absent: no scraping. Without formats: markdown. formats []: no scraping.',
  ),
  threatProtection: opt(threatProtection),
  domainTools: opt(z.boolean(), false).describe('Extended; may be ignored.'),
  toolDetail,
  ...originFields,
}).superRefine((body, ctx) => {
  if (body.includeDomains?.length && body.excludeDomains?.length) {
    ctx.addIssue({ code: 'custom', path: ['excludeDomains'], message: DOMAIN_FILTER_MESSAGE });
  }
  if (body.categories.length > 1 && body.categories.some((category) => category.type === 'developer')) {
    ctx.addIssue({ code: 'custom', path: ['categories'], message: DEVELOPER_CATEGORY_MESSAGE });
  }
  body.scrapeOptions?.formats.forEach((format, index) => {
    if (format.type === 'changeTracking') {
      ctx.addIssue({ code: 'custom', path: ['scrapeOptions', 'formats', index], message: SEARCH_CHANGE_TRACKING_MESSAGE });
    }
  });
});

export type SearchRequest = z.output<typeof searchRequest>;
