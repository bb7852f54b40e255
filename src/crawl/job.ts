import { createHash } from 'node:crypto';
import type { CrawlRequest } from '../api/index.js';
import type { JobResource } from '../jobs/job-access.js';
import type { PagePayload, PageScrapeSettings } from '../jobs/results.js';

/** Crawl jobs; their options are CrawlSettings. */
export const crawlResource: JobResource = { kind: 'crawl', path: '/v2/crawl' };

/** Task kind of one page of a crawl. */
export const CRAWL_PAGE = 'crawl.page';

/** The crawler options as they apply, limit clamped (§7.5 `options` lists them). */
export type CrawlOptions = Omit<CrawlRequest, 'url' | 'prompt' | 'webhook' | 'origin' | 'integration'>;

export interface CrawlSettings {
  /** The start URL, normalised. */
  url: string;
  options: CrawlOptions;
  /** What each page is scraped with: the caller's scrapeOptions plus the `links` discovery needs. */
  page: PageScrapeSettings;
  /** The caller did not ask for `links`: they are dropped from each Document. */
  stripLinks: boolean;
}

export interface CrawlPagePayload extends PagePayload {
  depth: number;
  /** The start page, whose task also reads robots.txt and the sitemaps first. */
  seed?: true;
}

/**
 * The task id (and so the scrapeId) of the page with de-duplication key `key`:
 * derived, not random, so a page admitted twice (a re-run after a crash) is
 * enqueued once. Shaped as a v4 UUID, which is what the SDKs expect of ids.
 */
export function pageTaskId(jobId: string, key: string): string {
  const h = createHash('sha256').update(jobId).update('\n').update(key).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
