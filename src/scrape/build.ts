import type { ScrapeOptions } from '../api/index.js';
import { decodeText } from './documents/decode.js';
import { isDocumentError, parseDocument } from './documents/index.js';
import type { DocumentKind } from './documents/result.js';
import type { Document } from '../api/document.js';
import type { FetchedPage } from './engines/page.js';
import { ScrapeError } from './errors.js';
import { decodeHtml, type HtmlFormat, transformHtml } from './transform/index.js';
import { transformAway } from './transform/threads.js';
import { isHtml } from './waterfall.js';

/** Documents whose raw form is readable text. */
const RAW_TEXT_KINDS = new Set<DocumentKind>(['json', 'text', 'markdown', 'csv']);
const HTML_FORMATS = new Set<HtmlFormat>(['markdown', 'html', 'rawHtml', 'links', 'images']);

export interface BuiltContent {
  /** Document fields derived from the page (formats and page metadata), without the scrape's own metadata. */
  doc: Omit<Document, 'metadata'> & { metadata: Record<string, unknown> };
  /** PDF pages parsed, for billing (§3.1.5); 0 for everything else. */
  pdfPages: number;
  warnings: string[];
}

/** The options that shape formats; scrape and parse options both carry them. */
export type BuildOptions = Pick<ScrapeOptions, 'formats' | 'onlyMainContent' | 'includeTags' | 'excludeTags' | 'removeBase64Images' | 'parsers'>;

/** Bytes to turn into formats: a fetched body or an upload. */
export interface FileContent {
  bytes: Buffer;
  contentType: string | undefined;
  /** Base for relative URLs in HTML; an upload's file name, which resolves none of them. */
  url: string;
  /** File name or URL path; its extension helps detection. */
  filename: string;
}

function requested(options: BuildOptions): Set<HtmlFormat> {
  const set = new Set<HtmlFormat>();
  for (const f of options.formats) if (HTML_FORMATS.has(f.type as HtmlFormat)) set.add(f.type as HtmlFormat);
  return set;
}

/**
 * Derives the requested formats from what the engine fetched: web pages through
 * the HTML transform (parsed once), files through the document engines.
 */
export async function buildContent(page: FetchedPage, options: ScrapeOptions, signal: AbortSignal): Promise<BuiltContent> {
  if (page.html !== undefined) return buildHtml(page.html, page.url, options);
  const file = { bytes: page.body ?? Buffer.alloc(0), contentType: page.contentType, url: page.url, filename: new URL(page.url).pathname };
  try {
    return await buildFile(file, options, signal);
  } catch (err) {
    if (isDocumentError(err)) {
      throw new ScrapeError(err.code === 'unsupported' ? 'SCRAPE_UNSUPPORTED_FILE_ERROR' : 'SCRAPE_SITE_ERROR', err.message);
    }
    throw err;
  }
}

async function buildHtml(html: string, url: string, options: BuildOptions): Promise<BuiltContent> {
  const out = await transformAway({ html, ...htmlOptions(url, options) });
  return { doc: out, pdfPages: 0, warnings: [] };
}

function htmlOptions(url: string, options: BuildOptions) {
  return {
    url,
    formats: requested(options),
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags,
    excludeTags: options.excludeTags,
    removeBase64Images: options.removeBase64Images,
  };
}

/**
 * Formats of a file's bytes: HTML like a web page, anything else through the
 * document engines. Throws DocumentError for files that cannot be read; each
 * caller decides what that means for its own API.
 */
export async function buildFile(file: FileContent, options: BuildOptions, signal: AbortSignal): Promise<BuiltContent> {
  if (isHtml(file.contentType, file.bytes)) return buildHtml(decodeHtml(file.bytes, file.contentType), file.url, options);

  const parsed = await parseDocument({
    bytes: file.bytes,
    contentType: file.contentType,
    filename: file.filename,
    parsers: options.parsers,
    signal,
  });

  const metadata: Record<string, unknown> = {};
  if (parsed.title) metadata.title = parsed.title;
  if (parsed.numPages !== undefined) metadata.numPages = parsed.numPages;
  if (parsed.totalPages !== undefined) metadata.totalPages = parsed.totalPages;

  const htmlOpts = htmlOptions(file.url, options);
  if (parsed.html !== undefined) {
    // Documents carry no navigation or boilerplate: keep every section.
    const out = transformHtml({ html: parsed.html, ...htmlOpts, onlyMainContent: false });
    return { doc: { ...out, metadata: { ...out.metadata, ...metadata } }, pdfPages: 0, warnings: parsed.warnings };
  }

  const formats = htmlOpts.formats;
  const markdown = parsed.markdown ?? '';
  const doc: BuiltContent['doc'] = { metadata };
  if (formats.has('markdown')) doc.markdown = markdown;
  if (formats.has('html')) doc.html = parsed.unparsed ? markdown : markdownAsHtml(markdown);
  if (formats.has('rawHtml')) {
    // A text response (JSON, CSV, plain text) is its own raw content, as Firecrawl answers it.
    doc.rawHtml = parsed.unparsed ? markdown : RAW_TEXT_KINDS.has(parsed.kind) ? decodeText(file.bytes, file.contentType) : markdownAsHtml(markdown);
  }
  if (formats.has('links')) doc.links = [];
  if (formats.has('images')) doc.images = [];
  if (parsed.pages) doc.pages = parsed.pages;
  if (parsed.blocks) doc.blocks = parsed.blocks;
  return { doc, pdfPages: parsed.kind === 'pdf' && !parsed.unparsed ? (parsed.numPages ?? 1) : 0, warnings: parsed.warnings };
}

/** Text documents have no HTML of their own; a <pre> keeps them readable and safe. */
function markdownAsHtml(markdown: string): string {
  const escaped = markdown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<pre>${escaped}</pre>`;
}

