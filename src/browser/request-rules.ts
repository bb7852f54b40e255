import type { BrowserContext } from 'playwright-core';
import { HIDE_COOKIE_BANNERS_SCRIPT, isBlockedHost } from './ad-block.js';

/**
 * What happens to the page's own requests: the caller's headers, and `blockAds`.
 *
 * Credentials (`authorization`, `cookie`) reach only the URL the caller named, as with the
 * egress client, which drops them on a cross-origin redirect: a page's third-party
 * subresources must not receive them. Everything else is sent with every request.
 */

// Set by the browser itself, or describing a body the browser frames: a caller's value would be wrong.
const BROWSER_OWNED = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const ORIGIN_ONLY = new Set(['authorization', 'proxy-authorization']);

export interface CallerHeaders {
  userAgent: string | undefined;
  /** Sent with every request, including `accept-language` when the caller set one. */
  everywhere: Record<string, string>;
  /** Sent only to the target's origin. */
  originOnly: Record<string, string>;
  cookies: { name: string; value: string }[];
}

export function splitCallerHeaders(headers: Record<string, string> | undefined): CallerHeaders {
  const split: CallerHeaders = { userAgent: undefined, everywhere: {}, originOnly: {}, cookies: [] };
  for (const [rawName, value] of Object.entries(headers ?? {})) {
    const name = rawName.toLowerCase();
    if (BROWSER_OWNED.has(name)) continue;
    if (name === 'user-agent') split.userAgent = value;
    else if (name === 'cookie') split.cookies.push(...parseCookieHeader(value));
    else if (ORIGIN_ONLY.has(name)) split.originOnly[name] = value;
    else split.everywhere[name] = value;
  }
  return split;
}

function parseCookieHeader(header: string): { name: string; value: string }[] {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
    })
    .filter((cookie) => cookie.name !== '');
}

export interface RequestRules {
  targetUrl: string;
  headers: CallerHeaders;
  /**
   * Chromium sends the context's locale alone as Accept-Language on navigations, whatever
   * the extra headers say; a longer preference list has to be set on them here.
   */
  navigationAcceptLanguage: string | undefined;
  blockAds: boolean;
}

export async function applyRequestRules(context: BrowserContext, rules: RequestRules): Promise<void> {
  const { targetUrl, headers, blockAds, navigationAcceptLanguage } = rules;
  if (headers.cookies.length > 0) {
    // Cookies rather than a header: the browser then scopes them to the site, as a real visit would.
    await context.addCookies(headers.cookies.map((cookie) => ({ ...cookie, url: targetUrl })));
  }
  if (blockAds) await context.addInitScript(HIDE_COOKIE_BANNERS_SCRIPT);

  const originOnly = Object.keys(headers.originOnly).length > 0 ? headers.originOnly : undefined;
  // Routing pauses every request for a round trip to Node, so it is only installed when needed.
  if (!blockAds && !originOnly && !navigationAcceptLanguage) return;
  const targetOrigin = new URL(targetUrl).origin;
  await context.route('**/*', async (route, request) => {
    const url = new URL(request.url());
    try {
      if (blockAds && isBlockedHost(url.hostname)) {
        await route.abort('blockedbyclient');
        return;
      }
      const added: Record<string, string> = {};
      if (navigationAcceptLanguage && request.isNavigationRequest()) added['accept-language'] = navigationAcceptLanguage;
      if (originOnly && url.origin === targetOrigin) Object.assign(added, originOnly);
      if (Object.keys(added).length > 0) await route.continue({ headers: { ...request.headers(), ...added } });
      else await route.continue();
    } catch {
      // The context closed while the request was paused (deadline, crash); nothing is waiting for it.
    }
  });
}
