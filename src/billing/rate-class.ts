/** Endpoint classes of the per-minute rate limits (§1.9). */
export type RateClass = 'scrape' | 'search' | 'map' | 'crawl' | 'extract' | 'crawlStatus' | 'extractStatus' | 'none';
