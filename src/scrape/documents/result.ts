import type { PdfPageBlocks } from './pdf-blocks.js';

/** The formats this folder can turn into text. */
export type DocumentKind =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'epub'
  | 'rtf'
  | 'csv'
  | 'text'
  | 'markdown'
  | 'json'
  | 'html';

/** One physical page of a paged document (§2.6 `Document.pages`). */
export interface DocumentPage {
  pageNumber: number;
  markdown: string;
}

/**
 * What a document engine hands to the scrape pipeline (and to `/v2/parse`).
 *
 * Exactly one of `html` and `markdown` is set. Engines whose source has structure
 * that HTML can carry (DOCX, spreadsheets, slides, EPUB) return `html`, and the
 * pipeline's transform derives markdown from it like for any web page; engines that
 * already produce final text (PDF, plain text, markdown, JSON) return `markdown`.
 */
export interface DocumentResult {
  kind: DocumentKind;
  /** The canonical MIME type of what was parsed (not necessarily what the server claimed). */
  mimeType: string;
  /** A complete HTML document (`<html><head><title>…`) for the pipeline to convert. */
  html?: string;
  markdown?: string;
  /**
   * Set when parsing was switched off (`parsers` without "pdf", e.g. `[]`): `markdown`
   * then holds the file's bytes in base64, as the reference API returns them. The
   * pipeline should use the same string for the `html` format, run no HTML transform
   * on it, and bill the document flat.
   */
  unparsed?: true;
  /** From the file's own metadata (PDF info/XMP, OOXML/ODF core properties, EPUB OPF). */
  title?: string;
  /** PDF only, and only when `parsers[].pages` asked for it. */
  pages?: DocumentPage[];
  /** PDF only, and only when `parsers[].blocks` asked for it. */
  blocks?: PdfPageBlocks[];
  /** PDF only: pages parsed (after `maxPages`). */
  numPages?: number;
  /** PDF only: pages in the file. */
  totalPages?: number;
  /** Non-fatal problems, worded for API users (they end up in `Document.warning`). */
  warnings: string[];
}
