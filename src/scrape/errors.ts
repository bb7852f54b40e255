import { TrawlError, type TrawlErrorOptions } from '../errors/trawl-error.js';

/**
 * A scrape that could not produce a Document, with the contract's engine code
 * (§1.7). The API answers it with the registry's status for that code (and
 * cause); crawl and batch list it in their errors with `code`.
 */
export type ScrapeErrorCode =
  | 'SCRAPE_TIMEOUT'
  | 'SCRAPE_ALL_ENGINES_FAILED'
  | 'SCRAPE_SSL_ERROR'
  | 'SCRAPE_SITE_ERROR'
  | 'SCRAPE_DNS_RESOLUTION_ERROR'
  | 'SCRAPE_UNSUPPORTED_FILE_ERROR'
  | 'SCRAPE_ACTION_ERROR'
  | 'SCRAPE_NO_CACHED_DATA'
  | 'SCRAPE_LOCKDOWN_CACHE_MISS'
  | 'SCRAPE_BLOCKED_ADDRESS'
  /** Firecrawl's code (lower case as it spells it) for a URL its threat protection refuses. */
  | 'unsafe_domain_blocked'
  | 'SCRAPE_BROWSER_UNAVAILABLE'
  /** The audio/video formats: the page's media is a platform's stream, not a file (src/scrape/formats/media.ts). */
  | 'SCRAPE_MEDIA_PLATFORM_UNSUPPORTED'
  /** The audio/video formats: the media file could not be fetched or converted. */
  | 'SCRAPE_MEDIA_ERROR'
  | 'UNKNOWN_ERROR';

export class ScrapeError extends TrawlError {
  declare readonly code: ScrapeErrorCode;

  constructor(code: ScrapeErrorCode, message: string, options: Pick<TrawlErrorOptions, 'details' | 'variant'> = {}) {
    super(code, message, options);
    this.name = 'ScrapeError';
  }
}

export const isScrapeError = (e: unknown): e is ScrapeError => e instanceof ScrapeError;
