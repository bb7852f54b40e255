import { isBrowserError } from '../browser/index.js';
import { isEgressError } from '../egress/index.js';
import { isScrapeError, ScrapeError } from './errors.js';

const PRIVATE_HINT = 'Set TRAWL_ALLOW_PRIVATE_NETWORK=on (or TRAWL_EGRESS_ALLOW_CIDRS) to allow it on a trusted network.';

/**
 * A name with no address is the caller's to fix (a typo, a host that does not exist):
 * a 400 that says so. A resolver that did not answer (EAI_AGAIN) is this server's trouble: a 500.
 */
function dnsError(cause: unknown, url: string | undefined, message: string): ScrapeError {
  const c = cause as { code?: unknown; hostname?: unknown } | undefined;
  if (c?.code === 'EAI_AGAIN') {
    return new ScrapeError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS resolution failed: this server's resolver did not answer (${message})`, {
      variant: 'resolverFailed',
    });
  }
  const host = typeof c?.hostname === 'string' ? c.hostname : hostOf(url);
  return new ScrapeError(
    'SCRAPE_DNS_RESOLUTION_ERROR',
    `No such host: ${host ? `"${host}" does not resolve to an address` : 'the name in this URL does not resolve'}. Check the URL for a typo.`,
  );
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
}

/** One vocabulary for every engine's failures: the contract's SCRAPE_* codes (§1.7). */
export function toScrapeError(err: unknown, timedOut: boolean): ScrapeError | null {
  if (isScrapeError(err)) return err;
  if (timedOut) return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out');
  if (isEgressError(err)) {
    switch (err.code) {
      case 'EGRESS_BLOCKED_ADDRESS':
        return new ScrapeError(
          'SCRAPE_BLOCKED_ADDRESS',
          `This URL leads to a ${err.reason ?? 'private'} address (${err.address ?? 'unknown'}), which this server does not fetch. ${PRIVATE_HINT}`,
        );
      case 'EGRESS_TIMEOUT':
        return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out');
      case 'EGRESS_DNS':
        return dnsError(err.cause, err.url, err.message);
      case 'EGRESS_TLS':
        return new ScrapeError('SCRAPE_SSL_ERROR', `TLS error: ${err.message}`);
      case 'EGRESS_BAD_URL':
      case 'EGRESS_BAD_SCHEME':
        return new ScrapeError('SCRAPE_SITE_ERROR', err.message, { variant: 'unfetchableUrl' });
      default:
        return new ScrapeError('SCRAPE_SITE_ERROR', `The site could not be fetched: ${err.message}`);
    }
  }
  if (isBrowserError(err)) {
    switch (err.code) {
      case 'BROWSER_TIMEOUT':
        return new ScrapeError('SCRAPE_TIMEOUT', 'Scrape timed out');
      case 'BROWSER_ACTION':
        return new ScrapeError(
          'SCRAPE_ACTION_ERROR',
          `Action ${err.actionIndex ?? '?'} (${err.actionType ?? 'unknown'}) failed: ${err.message}`,
          { details: { actionIndex: err.actionIndex } },
        );
      case 'BROWSER_UNAVAILABLE':
        return new ScrapeError('SCRAPE_BROWSER_UNAVAILABLE', err.message);
      case 'BROWSER_NAVIGATION':
        if (err.netError?.includes('NAME_NOT_RESOLVED')) return dnsError(undefined, undefined, err.message);
        if (err.netError?.includes('CERT')) return new ScrapeError('SCRAPE_SSL_ERROR', err.message);
        // A name the browser could not resolve for a reason other than its absence.
        if (err.netError?.includes('NAME')) return new ScrapeError('SCRAPE_DNS_RESOLUTION_ERROR', err.message, { variant: 'resolverFailed' });
        return new ScrapeError('SCRAPE_SITE_ERROR', err.message);
      default:
        return new ScrapeError('SCRAPE_ALL_ENGINES_FAILED', `All scraping engines failed! ${err.message}`);
    }
  }
  return null;
}
