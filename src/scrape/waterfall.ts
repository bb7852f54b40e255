import type { ScrapeOptions } from '../api/index.js';
import { type BrowserEngine, isBrowserError, looksScriptRendered } from '../browser/index.js';
import { localeFor } from '../browser/emulation.js';
import { isEgressError, type Egress } from '../egress/index.js';
import { fetchInBrowser } from './engines/browser.js';
import { BRANDING_ACTION, takeBranding } from './formats/branding.js';
import { fetchOverHttp } from './engines/http.js';
import type { FetchedPage } from './engines/page.js';

/** The operator's proxy tiers; a tier left out goes direct (basic) or falls back (enhanced). */
export interface ProxyUrls {
  basic?: string;
  enhanced?: string;
}

export interface Engines {
  egress: Egress;
  browser: BrowserEngine;
  proxies?: ProxyUrls;
}

/** What §2.6.1 `metadata.proxyUsed` reports: the enhanced tier is named `stealth` on the wire. */
export type ProxyUsed = 'basic' | 'stealth';

export type ProxiedPage = FetchedPage & { proxyUsed: ProxyUsed };

/** Answers that mean the site turned the basic tier away, so `auto` tries the enhanced one. */
const BLOCKED_STATUSES = new Set([401, 403, 429]);

/**
 * Failures another exit might not meet. Refused addresses, DNS and timeouts are left out:
 * the target check and the deadline are the same whichever proxy carries the request.
 */
function worthEnhancedRetry(err: unknown): boolean {
  if (isEgressError(err)) return err.code === 'EGRESS_CONNECT' || err.code === 'EGRESS_NETWORK' || err.code === 'EGRESS_TLS';
  return isBrowserError(err) && err.code === 'BROWSER_NAVIGATION';
}

/** What only a browser can do; such requests skip the HTTP engine. */
export function needsBrowser(options: ScrapeOptions): boolean {
  return (
    (options.actions?.length ?? 0) > 0 ||
    options.formats.some((f) => f.type === 'screenshot' || f.type === 'branding') ||
    options.waitFor > 0 ||
    options.mobile
  );
}

export function isHtml(contentType: string | undefined, body: Buffer | undefined): boolean {
  if (contentType) return /html|xml\+xhtml/i.test(contentType);
  const head = body?.subarray(0, 512).toString('latin1').trimStart().toLowerCase() ?? '';
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

function httpHeaders(options: ScrapeOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.location) headers['accept-language'] = localeFor(options.location).acceptLanguage;
  return { ...headers, ...options.headers };
}

interface Deadline {
  remaining(): number;
  signal: AbortSignal;
}

/**
 * Fetches through the proxy tier the request asks for (§2.1 `proxy`): `basic` and
 * `enhanced` use their tier; `auto` uses basic, then enhanced once more when basic was
 * blocked (401/403/429) or failed on the network. An enhanced request on a server
 * without an enhanced proxy goes through the basic tier, with a warning.
 */
export async function fetchPage(engines: Engines, url: string, options: ScrapeOptions, deadline: Deadline): Promise<ProxiedPage> {
  const { basic, enhanced } = engines.proxies ?? {};
  const via = async (proxy: string | undefined, proxyUsed: ProxyUsed): Promise<ProxiedPage> => ({
    ...(await fetchThrough(engines, url, options, deadline, proxy)),
    proxyUsed,
  });

  if (options.proxy === 'enhanced') {
    if (enhanced) return via(enhanced, 'stealth');
    const page = await via(basic, 'basic');
    page.warnings.push(
      `No enhanced proxy is configured on this server; the page was fetched ${basic ? 'through the basic proxy' : 'directly'}.`,
    );
    return page;
  }
  if (options.proxy !== 'auto' || !enhanced) return via(basic, 'basic');

  let first: ProxiedPage;
  try {
    first = await via(basic, 'basic');
  } catch (err) {
    if (!worthEnhancedRetry(err) || deadline.signal.aborted) throw err;
    return via(enhanced, 'stealth');
  }
  if (!BLOCKED_STATUSES.has(first.status) || deadline.signal.aborted) return first;
  try {
    return await via(enhanced, 'stealth');
  } catch (err) {
    // The blocked answer is still an answer; say why the retry did not replace it.
    if (!worthEnhancedRetry(err)) throw err;
    first.warnings.push(`The site answered HTTP ${first.status}; retrying through the enhanced proxy failed: ${(err as Error).message}`);
    return first;
  }
}

/**
 * Takes the cheapest engine able to serve the request (architecture: HTTP for
 * plain pages; the browser when the request needs it, or when the page turns
 * out to be an empty shell that scripts fill in).
 */
async function fetchThrough(
  engines: Engines,
  url: string,
  options: ScrapeOptions,
  deadline: Deadline,
  proxy: string | undefined,
): Promise<FetchedPage> {
  const screenshot = options.formats.find((f) => f.type === 'screenshot');
  // Branding is measured in the rendered page, after the caller's actions.
  const branding = options.formats.some((f) => f.type === 'branding');
  const actions = branding ? [...(options.actions ?? []), BRANDING_ACTION] : options.actions;
  const render = async () => {
    const page = await fetchInBrowser(engines.browser, {
      url,
      headers: options.headers,
      waitFor: options.waitFor,
      mobile: options.mobile,
      location: options.location,
      skipTlsVerification: options.skipTlsVerification,
      blockAds: options.blockAds,
      timeout: deadline.remaining(),
      actions,
      ...(screenshot && { screenshot }),
      ...(proxy && { upstreamProxy: proxy }),
      signal: deadline.signal,
    });
    return branding ? takeBranding(page) : page;
  };

  if (needsBrowser(options)) return render();

  const page = await fetchOverHttp(engines.egress, {
    url,
    headers: httpHeaders(options),
    skipTlsVerification: options.skipTlsVerification,
    timeoutMs: deadline.remaining(),
    ...(proxy && { proxy }),
    signal: deadline.signal,
  });
  if (options.fastMode || !isHtml(page.contentType, page.body) || !page.body) return page;
  if (!looksScriptRendered(page.body.toString('utf8'))) return page;
  try {
    return await render();
  } catch (err) {
    // The plain page is still an answer; say what rendering would have added.
    if (isBrowserError(err) && (err.code === 'BROWSER_UNAVAILABLE' || err.code === 'BROWSER_CRASHED')) {
      page.warnings.push(`The page seems to be rendered by scripts, but the browser could not render it: ${err.message}`);
      return page;
    }
    throw err;
  }
}
