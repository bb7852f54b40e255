import type { ScrapeOptions } from '../api/index.js';
import type { Document } from '../api/document.js';

/** One page to scrape, with the options already validated (src/api). */
export interface ScrapeInput {
  /** Normalised URL to fetch. */
  url: string;
  /** The URL exactly as the caller sent it (`metadata.sourceURL`). */
  sourceURL: string;
  options: ScrapeOptions;
  teamId: string;
  apiKeyId: string | null;
  /** Public origin of this server, for the URLs of screenshots and PDFs. */
  baseUrl: string;
  /** Defaults to a fresh UUID; a batch or crawl passes its task id so a re-run keeps it. */
  scrapeId?: string;
  /** Do not keep the request or its result (`zeroDataRetention`). */
  zeroDataRetention?: boolean;
  signal?: AbortSignal;
  /**
   * Told once the page's response is in hand, before it is turned into formats: from then on
   * the site has nothing more to do for it (a crawl's per-host allowance is freed here).
   */
  onFetched?: () => void;
}

/**
 * Scrapes one page into a Document, charging its credits. Throws ScrapeError
 * (./errors.ts) when no Document can be produced; a page answering 404 or 500
 * is a Document with that statusCode, not an error.
 */
export interface Scraper {
  scrape(input: ScrapeInput): Promise<Document>;
  close(): Promise<void>;
}
