// The page-derived part of a Document's metadata (spec §2.6.1). The scrape engine adds
// what only it knows (sourceURL, url, statusCode, contentType, scrapeId, …) on top.
import { type Document, type Element, forEachElement, textOf } from './dom.js';
import { absoluteUrl } from './url.js';

export interface PageMetadata {
  title?: string;
  description?: string;
  language?: string;
  keywords?: string;
  robots?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogUrl?: string;
  ogImage?: string;
  ogAudio?: string;
  ogDeterminer?: string;
  ogLocale?: string;
  ogLocaleAlternate: string[];
  ogSiteName?: string;
  ogVideo?: string;
  favicon?: string;
  canonical?: string;
  dcTermsCreated?: string;
  dcDateCreated?: string;
  dcDate?: string;
  dcTermsType?: string;
  dcType?: string;
  dcTermsAudience?: string;
  dcTermsSubject?: string;
  dcSubject?: string;
  dcDescription?: string;
  dcTermsKeywords?: string;
  modifiedTime?: string;
  publishedTime?: string;
  articleTag?: string;
  articleSection?: string;
  /** Every other `<meta name|property|itemprop>`, keyed as written; repeats give an array. */
  [name: string]: string | string[] | undefined;
}

// Meta names (lower-cased; "dc:" spelled "dc.") that fill a named field.
const FIELDS = new Map([
  ['description', 'description'],
  ['keywords', 'keywords'],
  ['robots', 'robots'],
  ['og:title', 'ogTitle'],
  ['og:description', 'ogDescription'],
  ['og:url', 'ogUrl'],
  ['og:image', 'ogImage'],
  ['og:audio', 'ogAudio'],
  ['og:determiner', 'ogDeterminer'],
  ['og:locale', 'ogLocale'],
  ['og:site_name', 'ogSiteName'],
  ['og:video', 'ogVideo'],
  ['dcterms.created', 'dcTermsCreated'],
  ['dc.date.created', 'dcDateCreated'],
  ['dc.date', 'dcDate'],
  ['dcterms.type', 'dcTermsType'],
  ['dc.type', 'dcType'],
  ['dcterms.audience', 'dcTermsAudience'],
  ['dcterms.subject', 'dcTermsSubject'],
  ['dc.subject', 'dcSubject'],
  ['dc.description', 'dcDescription'],
  ['dcterms.keywords', 'dcTermsKeywords'],
  ['article:published_time', 'publishedTime'],
  ['article:modified_time', 'modifiedTime'],
  ['article:tag', 'articleTag'],
  ['article:section', 'articleSection'],
]);

// Names of the fields this module sets itself; a `<meta name="title">` must not replace
// the page's <title>.
const RESERVED = new Set([
  ...FIELDS.values(),
  'title',
  'language',
  'favicon',
  'canonical',
  'ogLocaleAlternate',
]);

export function extractMetadata(doc: Document, base: string): PageMetadata {
  const fields = new Map<string, string>();
  const others = new Map<string, string | string[]>();
  const localeAlternates: string[] = [];
  let title: string | undefined;
  let language: string | undefined;
  let contentLanguage: string | undefined;
  let icon: string | undefined;
  let touchIcon: string | undefined;
  let canonical: string | undefined;

  forEachElement(doc, (el) => {
    switch (el.name) {
      case 'html':
        language ??= el.attribs.lang?.trim() || undefined;
        return;
      case 'title':
        title ??= textOf(el).replace(/\s+/g, ' ').trim() || undefined;
        return false;
      case 'svg':
      case 'math':
        return false; // their <title> elements label graphics, not the page
      case 'link': {
        const rel = ` ${el.attribs.rel?.toLowerCase() ?? ''} `;
        const href = el.attribs.href;
        if (!href) return;
        if (rel.includes(' icon ')) icon ??= href;
        else if (rel.includes('icon')) touchIcon ??= href;
        else if (rel.includes(' canonical ')) canonical ??= href;
        return;
      }
      case 'meta':
        readMeta(el);
        return;
    }
  });

  function readMeta(el: Element): void {
    const { content } = el.attribs;
    if (el.attribs['http-equiv']?.toLowerCase() === 'content-language') contentLanguage ??= content?.trim();
    const name = el.attribs.name || el.attribs.property || el.attribs.itemprop;
    if (!name || !content) return;
    const key = name.trim().toLowerCase().replace(/^(dc|dcterms):/, '$1.');
    if (key === 'og:locale:alternate') localeAlternates.push(content);
    const field = FIELDS.get(key);
    if (field && !fields.has(field)) fields.set(field, content.trim());
    if (RESERVED.has(name)) return;
    const seen = others.get(name);
    if (seen === undefined) others.set(name, content);
    else if (Array.isArray(seen)) seen.push(content);
    else others.set(name, [seen, content]);
  }

  language ??= contentLanguage;
  const metadata: PageMetadata = {
    ...(title && { title }),
    ...(language && { language }),
    ...Object.fromEntries(fields),
    ogLocaleAlternate: localeAlternates,
  };
  const favicon = absoluteUrl(icon ?? touchIcon ?? '', base);
  if (favicon) metadata.favicon = favicon;
  const canonicalUrl = absoluteUrl(canonical ?? '', base);
  if (canonicalUrl) metadata.canonical = canonicalUrl;
  // Defined rather than assigned: a page may name a meta "__proto__".
  for (const [name, value] of others) {
    Object.defineProperty(metadata, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return metadata;
}
