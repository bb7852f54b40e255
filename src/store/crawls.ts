/**
 * The frontier of crawls: which pages a crawl has admitted, each once under
 * its de-duplication key, within the crawl's page limit.
 */

export interface FrontierEntry {
  /** De-duplication key (src/crawl/url.ts `urlKey`). */
  key: string;
  url: string;
  /** Link hops from the start URL; the start URL and sitemap URLs are 0. */
  depth: number;
}

export interface Admission {
  entries: FrontierEntry[];
  /** The crawl has reached its limit: nothing more will be admitted. */
  full: boolean;
}

export interface CrawlStore {
  /**
   * Admits the candidates not admitted yet, in order, while the crawl has
   * fewer than `limit` pages, recording `parent` as the task that admitted
   * them. Answers the newly admitted entries plus those `parent` itself
   * admitted before (so a re-run of it can enqueue them again), as stored.
   * One atomic step, so concurrent pages never push a crawl past its limit.
   */
  admit(jobId: string, parent: string, limit: number, candidates: FrontierEntry[]): Promise<Admission>;
  /** Records the wait between requests robots.txt asked for, and holds the crawl to one page at a time. */
  setDelay(jobId: string, delayMs: number): Promise<void>;
  /** The recorded wait, if any. */
  delayMs(jobId: string): Promise<number | null>;
}
