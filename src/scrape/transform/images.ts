// The `images` format: the images of the page as absolute URLs, first occurrence first,
// without duplicates.
//
// Read from the whole page (like `links`). Counted: <img> (its largest srcset candidate,
// else src, else a lazy-loading data-src), each <picture><source>'s largest candidate,
// <video poster>, and the og:image / twitter:image the page declares. Not counted: icons,
// CSS backgrounds, and data:/blob: URLs (inline bytes, not something one can fetch).
import { type Document, type Element, forEachElement } from './dom.js';
import { absoluteUrl, isInertUrl, largestSrcsetCandidate } from './url.js';

const META_IMAGES = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']);

export function extractImages(doc: Document, base: string): string[] {
  const images = new Set<string>();
  const add = (value: string | undefined) => {
    if (!value || isInertUrl(value)) return;
    const url = absoluteUrl(value, base);
    if (url) images.add(url);
  };
  forEachElement(doc, (el) => {
    switch (el.name) {
      case 'img':
        add(imageSource(el));
        break;
      case 'source':
        if (el.parent && 'name' in el.parent && el.parent.name === 'picture') {
          add(largestSrcsetCandidate(el.attribs.srcset ?? ''));
        }
        break;
      case 'video':
        add(el.attribs.poster);
        break;
      case 'meta': {
        const name = (el.attribs.property ?? el.attribs.name)?.toLowerCase();
        if (name && META_IMAGES.has(name)) add(el.attribs.content);
        break;
      }
    }
  });
  return [...images];
}

// The URL an <img> really shows, as written: the largest srcset candidate, else src; a
// missing or data: src is a lazy-loading placeholder when data-src/data-srcset are set.
export function imageSource(img: Element): string | undefined {
  const { src, srcset } = img.attribs;
  const placeholder = !src?.trim() || src.trim().startsWith('data:');
  const set = srcset?.trim() || (placeholder ? lazySrcset(img) : undefined);
  const fromSet = set ? largestSrcsetCandidate(set) : undefined;
  if (fromSet && !fromSet.startsWith('data:')) return fromSet;
  if (placeholder) return lazySrc(img) ?? src;
  return src;
}

function lazySrc(img: Element): string | undefined {
  const a = img.attribs;
  return a['data-src'] || a['data-lazy-src'] || a['data-original'] || undefined;
}

function lazySrcset(img: Element): string | undefined {
  const a = img.attribs;
  return a['data-srcset'] || a['data-lazy-srcset'] || undefined;
}
