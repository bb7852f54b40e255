/**
 * URL rules of a crawl (§7.1): normalisation, de-duplication keys, site
 * membership and the include/exclude filter. Pure functions, shared with map.
 */

export interface UrlKeyOptions {
  /** URLs differing only by query string are the same page. */
  ignoreQueryParameters?: boolean;
  /** `www.` vs apex, http vs https, trailing `/`, `/index.html` and `/index.php` are the same page. Default true. */
  deduplicateSimilarURLs?: boolean;
}

const INDEX_FILE = /\/index\.(?:html?|php)$/i;

/**
 * `input` resolved against `base` as an absolute http(s) URL without its
 * fragment; null for anything else (mailto:, javascript:, garbage). WHATWG
 * parsing already lower-cases the host and drops default ports.
 */
export function normalizeUrl(input: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Each setter re-serialises the URL, half the cost of a page's links here; most links have
  // none of these. An empty fragment ("a#") shows only in the href.
  if (url.hash || url.href.endsWith('#')) url.hash = '';
  if (url.username) url.username = '';
  if (url.password) url.password = '';
  return url;
}

/** The hostname without a leading `www.`: a site answers on both. */
export function siteHost(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

/**
 * The identity of a page for de-duplication: two URLs with the same key are
 * fetched once. Query parameters are sorted, since their order rarely
 * changes what a server answers.
 */
export function urlKey(url: URL, opts: UrlKeyOptions = {}): string {
  const similar = opts.deduplicateSimilarURLs ?? true;
  let path = url.pathname;
  let host = url.host;
  let scheme = url.protocol;
  if (similar) {
    scheme = 'http:';
    host = siteHost(host);
    path = path.replace(INDEX_FILE, '/');
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  }
  let query = '';
  if (!opts.ignoreQueryParameters && url.search.length > 1) {
    const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    query = `?${new URLSearchParams(params).toString()}`;
  }
  return `${scheme}//${host}${path}${query}`;
}

/** The same site: equal hosts once `www.` is set aside. */
export function isSameSite(url: URL, start: URL): boolean {
  return siteHost(url.hostname) === siteHost(start.hostname);
}

/**
 * A strict subdomain of the start URL's site (`docs.example.com` under
 * `example.com` or `www.example.com`). A suffix test on the site's own host,
 * not on a public-suffix registrable domain: from `docs.example.com` the
 * sibling `api.example.com` is not a subdomain, which errs on the side of
 * crawling less, and never treats `co.uk` neighbours as one site.
 */
export function isSubdomainOf(url: URL, start: URL): boolean {
  const base = siteHost(start.hostname);
  const host = url.hostname;
  return host.length > base.length + 1 && host.endsWith(`.${base}`) && !isIpAddress(base);
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

/**
 * Whether `url` is under the start URL's path (`crawlEntireDomain: false`):
 * `/features/a` admits `/features/a` and `/features/a/b`, not `/features/ab`.
 * A start path naming a file (`/docs/index.html`) admits its directory.
 */
export function isChildPath(url: URL, start: URL): boolean {
  let base = start.pathname.replace(INDEX_FILE, '/');
  if (!base.endsWith('/')) base += '/';
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return path.startsWith(base);
}

/** A site's root without path or query (`https://other.example/`), which an external-link hop skips. */
export function isBareHomepage(url: URL): boolean {
  return (url.pathname === '/' || url.pathname === '') && url.search === '';
}

export interface PathFilterOptions {
  includePaths?: string[];
  excludePaths?: string[];
  /** Match against the whole URL (query included) instead of the path. */
  regexOnFullURL?: boolean;
}

/**
 * The include/exclude test of §7.1: unanchored ECMAScript patterns, exclusion
 * winning over inclusion, no include patterns admitting everything. The
 * patterns are compiled once; the request schema has validated them.
 */
export function pathFilter(opts: PathFilterOptions): (url: URL) => boolean {
  const include = (opts.includePaths ?? []).map((p) => new RegExp(p));
  const exclude = (opts.excludePaths ?? []).map((p) => new RegExp(p));
  if (!include.length && !exclude.length) return () => true;
  const subject = opts.regexOnFullURL ? (u: URL) => u.href : (u: URL) => u.pathname;
  return (url) => {
    const s = subject(url);
    if (exclude.some((r) => r.test(s))) return false;
    return !include.length || include.some((r) => r.test(s));
  };
}
