// The `links` format: every <a href> of the page as an absolute URL, first occurrence
// first, without duplicates.
//
// Links are read from the whole page, not from the main content: the spec asks for "the
// links on the page", and crawling needs the navigation links that onlyMainContent drops.
// Kept: http(s) and every other navigable scheme (mailto:, tel:, ftp:, …). Dropped: hrefs
// that are only a fragment of this page ("#top"), and javascript:/data:/blob:/about: URLs.
import { type Document, forEachElement } from './dom.js';
import { absoluteUrl, isInertUrl } from './url.js';

export function extractLinks(doc: Document, base: string): string[] {
  const links = new Set<string>();
  forEachElement(doc, (el) => {
    if (el.name !== 'a') return;
    const href = el.attribs.href?.trim();
    if (!href || href.startsWith('#') || isInertUrl(href)) return;
    const url = absoluteUrl(href, base);
    if (url) links.add(url);
  });
  return [...links];
}
