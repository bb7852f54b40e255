import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import type { Fetcher, Robots } from './robots.js';

export interface SitemapEntry {
  url: string;
  /** `<lastmod>` as written, when there is one. */
  lastmod?: string;
}

export interface ParsedSitemap {
  /** `<urlset>` entries. */
  urls: SitemapEntry[];
  /** `<sitemapindex>` children. */
  sitemaps: SitemapEntry[];
}

export interface SitemapOptions {
  /** Stop after this many page URLs. Default 50 000 (one full sitemap). */
  maxUrls?: number;
  /** Sitemap files fetched in all, index files included. Default 50. */
  maxSitemaps?: number;
  /** Index nesting followed. Default 3. */
  maxDepth?: number;
  signal?: AbortSignal;
}

/** The protocol's own cap on an uncompressed sitemap. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
  processEntities: true,
});

const isGzip = (b: Uint8Array) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() || undefined : typeof v === 'number' ? String(v) : undefined;

function entries(nodes: unknown): SitemapEntry[] {
  if (!Array.isArray(nodes)) return [];
  const out: SitemapEntry[] = [];
  for (const node of nodes as Array<Record<string, unknown>>) {
    const url = text(node?.loc);
    if (!url) continue;
    const lastmod = text(node.lastmod);
    out.push(lastmod ? { url, lastmod } : { url });
  }
  return out;
}

/**
 * Reads a sitemap file: an XML `<urlset>` or `<sitemapindex>`, gzipped or not
 * (told by its magic bytes, since servers label .xml.gz every which way), or
 * a plain-text list of URLs. Anything unreadable is an empty sitemap.
 */
export function parseSitemap(body: Uint8Array): ParsedSitemap {
  let bytes = body;
  try {
    if (isGzip(bytes)) bytes = gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES });
  } catch {
    return { urls: [], sitemaps: [] };
  }
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').trim();
  if (!source.startsWith('<')) {
    const urls = source
      .split(/\s+/)
      .filter((l) => /^https?:\/\//i.test(l))
      .map((url) => ({ url }));
    return { urls, sitemaps: [] };
  }
  let doc: Record<string, Record<string, unknown> | undefined>;
  try {
    doc = parser.parse(source) as typeof doc;
  } catch {
    return { urls: [], sitemaps: [] };
  }
  return { urls: entries(doc.urlset?.url), sitemaps: entries(doc.sitemapindex?.sitemap) };
}

/** Where a site's sitemaps are: robots.txt's `Sitemap:` lines, else `/sitemap.xml`. */
export function sitemapRoots(siteUrl: string | URL, robots?: Pick<Robots, 'sitemaps'>): string[] {
  const listed = robots?.sitemaps.length ? robots.sitemaps : [];
  return listed.length ? [...new Set(listed)] : [new URL('/sitemap.xml', siteUrl).href];
}

/**
 * The page URLs of the sitemaps at `roots`, following sitemap indexes
 * breadth-first, each file fetched once. Yields as each file is read, so a
 * caller that has enough stops the fetching by breaking out. Files that fail
 * to fetch or parse are skipped; cancellation is thrown.
 */
export async function* sitemapEntries(
  fetcher: Fetcher,
  roots: string[],
  opts: SitemapOptions = {},
): AsyncGenerator<SitemapEntry> {
  const maxUrls = opts.maxUrls ?? 50_000;
  const maxSitemaps = opts.maxSitemaps ?? 50;
  const maxDepth = opts.maxDepth ?? 3;
  const seen = new Set<string>();
  let pending = roots.map((url) => ({ url, depth: 0 }));
  let fetched = 0;
  let yielded = 0;
  while (pending.length) {
    const next: typeof pending = [];
    for (const { url, depth } of pending) {
      if (seen.has(url) || fetched >= maxSitemaps) continue;
      seen.add(url);
      fetched++;
      const parsed = await fetchSitemap(fetcher, url, opts.signal);
      for (const entry of parsed.urls) {
        if (yielded >= maxUrls) return;
        yielded++;
        yield entry;
      }
      if (depth < maxDepth) for (const s of parsed.sitemaps) next.push({ url: s.url, depth: depth + 1 });
    }
    pending = next;
  }
}

async function fetchSitemap(fetcher: Fetcher, url: string, signal: AbortSignal | undefined): Promise<ParsedSitemap> {
  try {
    const res = await fetcher.fetch(url, {
      headers: { accept: 'application/xml,text/xml,text/plain,*/*' },
      maxBytes: MAX_SITEMAP_BYTES,
      timeoutMs: 30_000,
      ...(signal && { signal }),
    });
    if (res.status < 200 || res.status >= 300) return { urls: [], sitemaps: [] };
    return parseSitemap(res.body);
  } catch (err) {
    if (signal?.aborted) throw err;
    return { urls: [], sitemaps: [] };
  }
}
