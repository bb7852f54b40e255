import type { BrowserContext, Request, Route } from 'playwright-core';
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

/**
 * The request rules of a context that may serve one render after another: the route and
 * the banner-hiding script are installed once, on first need, and then follow whatever
 * rules the current render set. Installing and removing them for each render would cost
 * more than the render of a simple page.
 */
export class ContextRules {
  private current: RequestRules | undefined;
  private routed = false;

  constructor(private readonly context: BrowserContext) {}

  /** The rules for the next render; cookies are the caller's to clear afterwards (the tab's reset does). */
  async apply(rules: RequestRules): Promise<void> {
    const { targetUrl, headers, blockAds, navigationAcceptLanguage } = rules;
    if (headers.cookies.length > 0) {
      // Cookies rather than a header: the browser then scopes them to the site, as a real visit would.
      await this.context.addCookies(headers.cookies.map((cookie) => ({ ...cookie, url: targetUrl })));
    }
    this.current = rules;
    const originOnly = Object.keys(headers.originOnly).length > 0;
    // Routing pauses every request for a round trip to Node, so it is only installed when needed.
    if (this.routed || !(blockAds || originOnly || navigationAcceptLanguage)) return;
    this.routed = true;
    await this.context.route('**/*', (route, request) => this.handle(route, request));
  }

  /** Before the first apply(), for a context whose every render has `blockAds`: the script stays for the context's life. */
  async hideBanners(): Promise<void> {
    await this.context.addInitScript(HIDE_COOKIE_BANNERS_SCRIPT);
  }

  /** Between renders: requests go through untouched. */
  clear(): void {
    this.current = undefined;
  }

  private async handle(route: Route, request: Request): Promise<void> {
    const rules = this.current;
    try {
      if (!rules) {
        await route.continue();
        return;
      }
      const url = new URL(request.url());
      if (rules.blockAds && isBlockedHost(url.hostname)) {
        await route.abort('blockedbyclient');
        return;
      }
      const added: Record<string, string> = {};
      if (rules.navigationAcceptLanguage && request.isNavigationRequest()) added['accept-language'] = rules.navigationAcceptLanguage;
      if (url.origin === new URL(rules.targetUrl).origin) Object.assign(added, rules.headers.originOnly);
      if (Object.keys(added).length > 0) await route.continue({ headers: { ...request.headers(), ...added } });
      else await route.continue();
    } catch {
      // The context closed while the request was paused (deadline, crash); nothing is waiting for it.
    }
  }
}

/** The rules for a context that serves one page. */
export async function applyRequestRules(context: BrowserContext, rules: RequestRules): Promise<void> {
  const contextRules = new ContextRules(context);
  if (rules.blockAds) await contextRules.hideBanners();
  await contextRules.apply(rules);
}
