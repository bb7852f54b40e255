import { isBrowserError } from '../browser/index.js';
import { isEgressError } from '../egress/index.js';
import { isScrapeError, ScrapeError } from './errors.js';

const PRIVATE_HINT = 'Set TRAWL_ALLOW_PRIVATE_NETWORK=on (or TRAWL_EGRESS_ALLOW_CIDRS) to allow it on a trusted network.';

/** One vocabulary for every engine's failures: the contract's SCRAPE_* codes (§1.7). */
export function toScrapeError(err: unknown, timedOut: boolean): ScrapeError | null {
  if (isScrapeError(err)) return err;
  if (timedOut) return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out', 408);
  if (isEgressError(err)) {
    switch (err.code) {
      case 'EGRESS_BLOCKED_ADDRESS':
        return new ScrapeError(
          'SCRAPE_BLOCKED_ADDRESS',
          `This URL leads to a ${err.reason ?? 'private'} address (${err.address ?? 'unknown'}), which this server does not fetch. ${PRIVATE_HINT}`,
          403,
        );
      case 'EGRESS_TIMEOUT':
        return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out', 408);
      case 'EGRESS_DNS':
        return new ScrapeError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS resolution failed: ${err.message}`, 500);
      case 'EGRESS_TLS':
        return new ScrapeError('SCRAPE_SSL_ERROR', `TLS error: ${err.message}`, 500);
      case 'EGRESS_BAD_URL':
      case 'EGRESS_BAD_SCHEME':
        return new ScrapeError('SCRAPE_SITE_ERROR', err.message, 400);
      default:
        return new ScrapeError('SCRAPE_SITE_ERROR', `The site could not be fetched: ${err.message}`, 500);
    }
  }
  if (isBrowserError(err)) {
    switch (err.code) {
      case 'BROWSER_TIMEOUT':
        return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out', 408);
      case 'BROWSER_ACTION':
        return new ScrapeError(
          'SCRAPE_ACTION_ERROR',
          `Action ${err.actionIndex ?? '?'} (${err.actionType ?? 'unknown'}) failed: ${err.message}`,
          500,
          { actionIndex: err.actionIndex },
        );
      case 'BROWSER_UNAVAILABLE':
        return new ScrapeError('SCRAPE_BROWSER_UNAVAILABLE', err.message, 500);
      case 'BROWSER_NAVIGATION':
        return new ScrapeError(
          err.netError?.includes('CERT') ? 'SCRAPE_SSL_ERROR' : err.netError?.includes('NAME') ? 'SCRAPE_DNS_RESOLUTION_ERROR' : 'SCRAPE_SITE_ERROR',
          err.message,
          500,
        );
      default:
        return new ScrapeError('SCRAPE_ALL_ENGINES_FAILED', `All scraping engines failed! ${err.message}`, 500);
    }
  }
  return null;
}
