import { createHash } from 'node:crypto';
import type { ScrapeOptions } from '../api/index.js';

/**
 * The options' part of the key, serialised once per options object: every page of a crawl or
 * batch shares one (options are never changed once parsed), and the serialising was half of
 * each page's key.
 */
const optionsMaterial = new WeakMap<ScrapeOptions, string>();

function materialOf(o: ScrapeOptions): string {
  let material = optionsMaterial.get(o);
  if (material === undefined) {
    material = JSON.stringify({
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
    });
    optionsMaterial.set(o, material);
  }
  return material;
}

/**
 * Everything that changes what a scrape of a URL answers. Two requests share a
 * cached result only when all of it matches, so a cache hit can never hand back
 * the wrong formats or a differently filtered page.
 */
export function cacheKey(url: string, o: ScrapeOptions): string {
  const u = new URL(url);
  u.hash = '';
  // The bytes of JSON.stringify({ url, ...material }), which keys made before kept: cached pages stay found.
  const json = `{"url":${JSON.stringify(u.href)},${materialOf(o).slice(1)}`;
  return createHash('sha256').update(json).digest('hex');
}

/** Requests whose result depends on more than the URL and options are never served from or kept in cache. */
export function cacheable(o: ScrapeOptions): boolean {
  return !(o.actions?.length || o.headers || o.formats.some((f) => f.type === 'changeTracking'));
}
