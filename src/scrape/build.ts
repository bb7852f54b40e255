import type { ScrapeOptions } from '../api/index.js';
import { isDocumentError, parseDocument } from './documents/index.js';
import type { Document } from './document.js';
import type { FetchedPage } from './engines/page.js';
import { ScrapeError } from './errors.js';
import { decodeHtml, type HtmlFormat, transformHtml } from './transform/index.js';
import { isHtml } from './waterfall.js';

const HTML_FORMATS = new Set<HtmlFormat>(['markdown', 'html', 'rawHtml', 'links', 'images']);

export interface BuiltContent {
  /** Document fields derived from the page (formats and page metadata), without the scrape's own metadata. */
  doc: Omit<Document, 'metadata'> & { metadata: Record<string, unknown> };
  /** PDF pages parsed, for billing (§3.1.5); 0 for everything else. */
  pdfPages: number;
  warnings: string[];
}

function requested(options: ScrapeOptions): Set<HtmlFormat> {
  const set = new Set<HtmlFormat>();
  for (const f of options.formats) if (HTML_FORMATS.has(f.type as HtmlFormat)) set.add(f.type as HtmlFormat);
  return set;
}

/**
 * Derives the requested formats from what the engine fetched: web pages through
 * the HTML transform (parsed once), files through the document engines.
 */
export async function buildContent(page: FetchedPage, options: ScrapeOptions, signal: AbortSignal): Promise<BuiltContent> {
  const formats = requested(options);
  const htmlOpts = {
    url: page.url,
    formats,
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags,
    excludeTags: options.excludeTags,
    removeBase64Images: options.removeBase64Images,
  };

  if (page.html !== undefined || isHtml(page.contentType, page.body)) {
    const html = page.html ?? decodeHtml(page.body!, page.contentType);
    const out = transformHtml({ html, ...htmlOpts });
    return { doc: out, pdfPages: 0, warnings: [] };
  }

  let parsed;
  try {
    parsed = await parseDocument({
      bytes: page.body ?? Buffer.alloc(0),
      contentType: page.contentType,
      filename: new URL(page.url).pathname,
      parsers: options.parsers,
      signal,
    });
  } catch (err) {
    if (isDocumentError(err)) {
      throw new ScrapeError(
        err.code === 'unsupported' ? 'SCRAPE_UNSUPPORTED_FILE_ERROR' : 'SCRAPE_SITE_ERROR',
        err.message,
        err.code === 'unsupported' ? 415 : 500,
      );
    }
    throw err;
  }

  const metadata: Record<string, unknown> = {};
  if (parsed.title) metadata.title = parsed.title;
  if (parsed.numPages !== undefined) metadata.numPages = parsed.numPages;
  if (parsed.totalPages !== undefined) metadata.totalPages = parsed.totalPages;

  if (parsed.html !== undefined) {
    // Documents carry no navigation or boilerplate: keep every section.
    const out = transformHtml({ html: parsed.html, ...htmlOpts, onlyMainContent: false });
    return { doc: { ...out, metadata: { ...out.metadata, ...metadata } }, pdfPages: 0, warnings: parsed.warnings };
  }

  const markdown = parsed.markdown ?? '';
  const doc: BuiltContent['doc'] = { metadata };
  if (formats.has('markdown')) doc.markdown = markdown;
  if (formats.has('html')) doc.html = parsed.unparsed ? markdown : markdownAsHtml(markdown);
  if (formats.has('rawHtml')) doc.rawHtml = parsed.unparsed ? markdown : markdownAsHtml(markdown);
  if (formats.has('links')) doc.links = [];
  if (formats.has('images')) doc.images = [];
  if (parsed.pages) doc.pages = parsed.pages;
  return { doc, pdfPages: parsed.kind === 'pdf' && !parsed.unparsed ? (parsed.numPages ?? 1) : 0, warnings: parsed.warnings };
}

/** Text documents have no HTML of their own; a <pre> keeps them readable and safe. */
function markdownAsHtml(markdown: string): string {
  const escaped = markdown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<pre>${escaped}</pre>`;
}

