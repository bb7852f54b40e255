/**
 * Finished single-page scrapes: what `GET /v2/scrape/{id}` reads back and what
 * the `maxAge` cache answers from.
 */
export interface StoredScrape<D = unknown> {
  id: string;
  teamId: string;
  url: string;
  document: D;
  /** The validated options it was scraped with, which interact replays (§3.3); null for older rows. */
  options: unknown;
  createdAt: string;
}

export interface ScrapeStore {
  save(input: {
    id: string;
    teamId: string;
    url: string;
    /** Null when the result must not be served from cache (actions, headers, storeInCache false). */
    cacheKey: string | null;
    document: unknown;
    options?: unknown;
    createdAt: string;
    expiresAt: string;
  }): Promise<void>;
  get<D = unknown>(id: string): Promise<StoredScrape<D> | null>;
  /** The newest cached copy for this team and key created in [notBefore, notAfter]. */
  findCached<D = unknown>(teamId: string, cacheKey: string, notBefore: Date, notAfter: Date): Promise<StoredScrape<D> | null>;
  purgeExpired(now: Date): Promise<number>;
}
