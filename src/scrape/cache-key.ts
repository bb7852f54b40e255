import { createHash } from 'node:crypto';
import type { ScrapeOptions } from '../api/index.js';

/**
 * Everything that changes what a scrape of a URL answers. Two requests share a
 * cached result only when all of it matches, so a cache hit can never hand back
 * the wrong formats or a differently filtered page.
 */
export function cacheKey(url: string, o: ScrapeOptions): string {
  const u = new URL(url);
  u.hash = '';
  const material = {
    url: u.href,
    formats: [...o.formats].map((f) => JSON.stringify(f)).sort(),
    onlyMainContent: o.onlyMainContent,
    includeTags: o.includeTags ?? null,
    excludeTags: o.excludeTags ?? null,
    removeBase64Images: o.removeBase64Images,
    waitFor: o.waitFor,
    mobile: o.mobile,
    location: o.location ?? null,
    parsers: o.parsers,
    blockAds: o.blockAds,
    fastMode: o.fastMode,
    // Both rework the Document before it is kept: a plain request must never get a redacted or cleaned copy, nor the reverse.
    onlyCleanContent: o.onlyCleanContent,
    redactPII: o.redactPII,
    checkPromptInjection: o.checkPromptInjection,
  };
  return createHash('sha256').update(JSON.stringify(material)).digest('hex');
}

/** Requests whose result depends on more than the URL and options are never served from or kept in cache. */
export function cacheable(o: ScrapeOptions): boolean {
  return !(o.actions?.length || o.headers || o.formats.some((f) => f.type === 'changeTracking'));
}
