import { fetchRobots, type Fetcher, type Robots } from '../crawl/robots.js';
import { sitemapEntries, sitemapRoots } from '../crawl/sitemap.js';
import { normalizeUrl, urlKey } from '../crawl/url.js';
import { decodeHtml, transformHtml } from '../scrape/transform/index.js';
import type { MapLink } from './link.js';
import { rankBySearch } from './rank.js';
import { mapScope } from './scope.js';

export interface MapSiteInput {
  /** Normalised start URL (§1.5). */
  url: string;
  search?: string;
  sitemap: 'include' | 'skip' | 'only';
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  filterByPath: boolean;
  limit: number;
  /**
   * Pages of this site the team fetched before (Trawl's index, the map's
   * cache), taken in after the sitemap; empty with `ignoreCache`.
   */
  known?: { url: string; title?: string; description?: string }[];
  signal?: AbortSignal;
}

/** Pages a map fetches beyond the start page when the site has no sitemap: enough to find the sections, cheap enough for a synchronous call. */
const CRAWL_PAGES = 10;
const CRAWL_CONCURRENCY = 4;
/** A ranked map reads this many sitemap URLs before ranking (the highest `limit`). */
const MAX_CANDIDATES = 100_000;
const PAGE_MAX_BYTES = 10 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 15_000;

interface Page {
  url: string;
  title?: string;
  description?: string;
  links: string[];
}

/**
 * Reads a page for its links, title and description: one guarded GET and the
 * scrape transform's link extraction, without the scraper's engines, cache or
 * per-page charge (a map costs one credit in all). Anything but an HTML 2xx
 * yields nothing.
 */
async function readPage(fetcher: Fetcher, url: string, signal: AbortSignal | undefined): Promise<Page | null> {
  try {
    const res = await fetcher.fetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      maxBytes: PAGE_MAX_BYTES,
      timeoutMs: PAGE_TIMEOUT_MS,
      ...(signal && { signal }),
    });
    const type = res.headers['content-type'] ?? '';
    if (res.status < 200 || res.status >= 300 || (type && !/html/i.test(type))) return null;
    const out = transformHtml({
      html: decodeHtml(res.body, type),
      url: res.url,
      formats: new Set(['links']),
      onlyMainContent: false,
      removeBase64Images: true,
    });
    return {
      url: res.url,
      ...(out.metadata.title && { title: out.metadata.title }),
      ...(out.metadata.description && { description: out.metadata.description }),
      links: out.links ?? [],
    };
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
}

/** The links of a map: in scope, normalised, de-duplicated, first seen first. */
class LinkSet {
  private readonly byKey = new Map<string, MapLink>();
  constructor(
    private readonly inScope: (url: URL) => boolean,
    private readonly ignoreQueryParameters: boolean,
  ) {}

  get size(): number {
    return this.byKey.size;
  }

  /** The normalised URL when it is in scope (whether new or not), else null. */
  add(raw: string, about: { title?: string; description?: string } = {}): URL | null {
    const url = normalizeUrl(raw);
    if (!url || !this.inScope(url)) return null;
    if (this.ignoreQueryParameters) url.search = '';
    const key = urlKey(url, { ignoreQueryParameters: this.ignoreQueryParameters });
    const link = this.byKey.get(key) ?? { url: url.href };
    if (about.title && !link.title) link.title = about.title;
    if (about.description && !link.description) link.description = about.description;
    this.byKey.set(key, link);
    return url;
  }

  has(url: URL): boolean {
    return this.byKey.has(urlKey(url, { ignoreQueryParameters: this.ignoreQueryParameters }));
  }

  list(): MapLink[] {
    return [...this.byKey.values()];
  }
}

/**
 * §6.2: the URLs of the site at `url`. Sitemap URLs (robots.txt's `Sitemap:`
 * lines or /sitemap.xml, indexes and gzip included), then the start page's
 * links, then, for a site without a sitemap, the links of a few more of its
 * pages, breadth-first. Cancelled through `signal`.
 */
export async function mapSite(fetcher: Fetcher, input: MapSiteInput): Promise<MapLink[]> {
  const { signal } = input;
  const start = new URL(input.url);
  const links = new LinkSet(
    mapScope(start, { includeSubdomains: input.includeSubdomains, filterByPath: input.filterByPath }),
    input.ignoreQueryParameters,
  );
  const wanted = input.search ? MAX_CANDIDATES : input.limit;
  const robots: Robots = await fetchRobots(fetcher, start, signal && { signal });

  if (input.sitemap !== 'only') links.add(start.href);
  let fromSitemap = 0;
  if (input.sitemap !== 'skip') {
    for await (const entry of sitemapEntries(fetcher, sitemapRoots(start, robots), { maxUrls: MAX_CANDIDATES, ...(signal && { signal }) })) {
      if (links.add(entry.url)) fromSitemap++;
      if (links.size >= wanted) break;
    }
  }

  if (input.sitemap !== 'only') {
    for (const page of input.known ?? []) {
      if (links.size >= wanted) break;
      links.add(page.url, page);
    }
  }

  if (input.sitemap !== 'only' && links.size < wanted) {
    const first = await readPage(fetcher, start.href, signal);
    if (first) await discover(fetcher, first, links, { crawl: fromSitemap === 0, wanted, robots, signal });
  }

  const all = links.list();
  return (input.search ? rankBySearch(all, input.search) : all).slice(0, input.limit);
}

/** Takes in the links of `first` and, with `crawl`, those of up to CRAWL_PAGES pages found from it. */
async function discover(
  fetcher: Fetcher,
  first: Page,
  links: LinkSet,
  opts: { crawl: boolean; wanted: number; robots: Robots; signal: AbortSignal | undefined },
): Promise<void> {
  const visited = new Set<string>();
  const queue: URL[] = [];
  const takeIn = (page: Page) => {
    const self = links.add(page.url, page);
    if (self) visited.add(self.href);
    for (const raw of page.links) {
      const url = links.add(raw);
      if (url && !visited.has(url.href) && opts.robots.isAllowed(url.href)) {
        visited.add(url.href);
        queue.push(url);
      }
    }
  };
  takeIn(first);
  if (!opts.crawl) return;
  let fetched = 0;
  while (queue.length && fetched < CRAWL_PAGES && links.size < opts.wanted) {
    const batch = queue.splice(0, Math.min(CRAWL_CONCURRENCY, CRAWL_PAGES - fetched));
    fetched += batch.length;
    const pages = await Promise.all(batch.map((url) => readPage(fetcher, url.href, opts.signal)));
    for (const page of pages) if (page) takeIn(page);
  }
}
