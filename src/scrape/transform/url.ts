// Turning the URLs written in a page into absolute ones.
import { type Document, headOf, isElement } from './dom.js';

// The base every relative URL of the page resolves against: <base href> (itself relative
// to the page) when declared in <head>, else the page's final URL.
export function documentBase(doc: Document, pageUrl: string): string {
  const base = headOf(doc)?.children.find((c) => isElement(c) && c.name === 'base' && c.attribs.href !== undefined);
  const href = base && isElement(base) ? base.attribs.href?.trim() : undefined;
  if (href) {
    const resolved = absoluteUrl(href, pageUrl);
    if (resolved && /^https?:/.test(resolved)) return resolved;
  }
  return pageUrl;
}

// Most URLs on real pages are already absolute, or absolute paths on the page's own site
// ("/a/b?c"); both skip the URL parser (~1.4 µs a link against ~0.1, and a page's links are
// resolved twice: the links format, then the markdown).
export function absoluteUrl(value: string, base: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  if (v.startsWith('https://') || v.startsWith('http://')) return v;
  if (PLAIN_PATH.test(v) && !DOT_SEGMENT.test(v)) {
    const origin = originOf(base);
    if (origin !== undefined) return origin + v;
  }
  try {
    return new URL(v, base).href;
  } catch {
    return undefined;
  }
}

// A path from the root whose resolution is its own text after the base's origin: only
// characters the URL parser keeps as written in a path, query and fragment (no space,
// quote, backslash, angle bracket, backtick, brace or non-ASCII, which it escapes or reads
// otherwise), not "//" (another host).
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&()*+,;=:@\/?#%]*$/;
// "." and ".." segments (also spelled %2e) are resolved away by the parser.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e)(?:\.|%2e)?(?:[/?#]|$)/i;

let lastBase = '';
let lastOrigin: string | undefined;

// "http://user@host:8080" of an http(s) base: new URL('/', base) less its "/".
function originOf(base: string): string | undefined {
  if (base !== lastBase) {
    lastBase = base;
    lastOrigin = undefined;
    try {
      const root = new URL('/', base);
      if (root.protocol === 'http:' || root.protocol === 'https:') lastOrigin = root.href.slice(0, -1);
    } catch {
      // No base to resolve against: the parser says so below.
    }
  }
  return lastOrigin;
}

// For rewriting a page: inline data: URLs stay inline, and what cannot be resolved stays as
// written.
export function absoluteOrSame(url: string, base: string): string {
  return url.startsWith('data:') ? url : (absoluteUrl(url, base) ?? url);
}

// Schemes that name no resource one could fetch or follow.
export function isInertUrl(url: string): boolean {
  return /^\s*(?:javascript|vbscript|data|blob|about):/i.test(url);
}

interface Candidate {
  url: string;
  descriptor: string;
}

// The largest candidate of a srcset ("a.jpg 480w, b.jpg 2x"); a candidate without a
// descriptor counts as 1x.
export function largestSrcsetCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const c of srcsetCandidates(srcset)) {
    const size = c.descriptor ? Number.parseFloat(c.descriptor) : 1;
    const candidate = { url: c.url, size: Number.isFinite(size) ? size : 1 };
    if (!best || candidate.size > best.size) best = candidate;
  }
  return best?.url;
}

export function mapSrcset(srcset: string, f: (url: string) => string): string {
  return srcsetCandidates(srcset)
    .map((c) => (c.descriptor ? `${f(c.url)} ${c.descriptor}` : f(c.url)))
    .join(', ');
}

// The HTML srcset grammar: a URL is a run of non-space characters (it may contain commas,
// as CDN transforms like "w_400,h_300" do); trailing commas end a candidate without
// descriptors; otherwise descriptors run up to the next comma.
function srcsetCandidates(srcset: string): Candidate[] {
  const out: Candidate[] = [];
  const re = /[\s,]*(\S+)/y;
  let i = 0;
  while (i < srcset.length) {
    re.lastIndex = i;
    const m = re.exec(srcset);
    if (!m) break;
    i = re.lastIndex;
    let url = m[1]!;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const end = srcset.indexOf(',', i);
      descriptor = srcset.slice(i, end < 0 ? srcset.length : end).trim();
      i = end < 0 ? srcset.length : end + 1;
    }
    if (url) out.push({ url, descriptor });
  }
  return out;
}
