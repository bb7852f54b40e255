import type { ScrapeOptions } from '../api/index.js';
import type { Document, Scraper } from '../scrape/index.js';
import { checkUrl } from '../api/common.js';

/** Pages of one search scraped at once: enough to hide latency, few enough to spare the team's other work. */
const SCRAPE_CONCURRENCY = 5;

export interface HitScrape {
  doc?: Document;
  error?: string;
}

export interface ScrapeContext {
  scraper: Scraper;
  options: ScrapeOptions;
  teamId: string;
  apiKeyId: string | null;
  baseUrl: string;
  signal: AbortSignal;
}

/**
 * Scrapes each URL (through the scraper, so cache, `maxAge` and per-page credits
 * are those of /v2/scrape), at most SCRAPE_CONCURRENCY at a time. Never
 * throws for one page: its problem comes back as `error`.
 */
export async function scrapeHits(urls: string[], ctx: ScrapeContext): Promise<HitScrape[]> {
  const out: HitScrape[] = new Array(urls.length);
  let next = 0;
  const one = async (url: string): Promise<HitScrape> => {
    const checked = checkUrl(url);
    if ('error' in checked) return { error: checked.error };
    // The search's own deadline aborts scrapes still running (ctx.signal): the caller then gets the 408.
    try {
      const doc = await ctx.scraper.scrape({
        url: checked.url,
        sourceURL: url,
        options: ctx.options,
        teamId: ctx.teamId,
        apiKeyId: ctx.apiKeyId,
        baseUrl: ctx.baseUrl,
        signal: ctx.signal,
      });
      return { doc };
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  };
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await one(urls[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCRAPE_CONCURRENCY, urls.length) }, worker));
  return out;
}
