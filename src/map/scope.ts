import { isChildPath, siteHost } from '../crawl/url.js';

/**
 * Second-level labels under which ccTLDs register names (`example.co.uk`). A
 * short list instead of the Public Suffix List, which Trawl does not ship: it
 * covers the common registries and otherwise takes the last two labels.
 */
const SECOND_LEVELS = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'gob', 'mil', 'nic', 'ltd', 'plc']);

/** `docs.example.co.uk` → `example.co.uk`; IP addresses and single labels are their own domain. */
export function registrableDomain(hostname: string): string {
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[')) return hostname;
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const take = labels.at(-1)!.length === 2 && SECOND_LEVELS.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-take).join('.');
}

export interface MapScopeOptions {
  includeSubdomains: boolean;
  filterByPath: boolean;
}

/**
 * §6.2: which URLs belong in a map of `start`. The same registrable domain, the
 * same site (`www.` aside) unless subdomains are included, and under the start
 * path when it has one. The scheme and port are not part of a site.
 */
export function mapScope(start: URL, opts: MapScopeOptions): (url: URL) => boolean {
  const domain = registrableDomain(start.hostname);
  const host = siteHost(start.hostname);
  const byPath = opts.filterByPath && start.pathname !== '/' && start.pathname !== '';
  return (url) => {
    if (registrableDomain(url.hostname) !== domain) return false;
    if (!opts.includeSubdomains && siteHost(url.hostname) !== host) return false;
    return !byPath || isChildPath(url, start);
  };
}
