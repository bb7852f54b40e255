import { detectDocument } from './detect.js';
import { DocumentError } from './errors.js';
import { type ParsersOption, pdfSettings } from './parsers.js';
import type { DocumentResult } from './result.js';

export { detectDocument, type Detection, MIME_TYPES } from './detect.js';
export { DocumentError, type DocumentErrorCode, isDocumentError } from './errors.js';
export type { ParserEntry, ParsersOption, PdfParserEntry } from './parsers.js';
export type { DocumentKind, DocumentPage, DocumentResult } from './result.js';

export interface ParseDocumentInput {
  bytes: Uint8Array;
  /** The Content-Type the server or the upload declared, parameters included (charset is used). */
  contentType?: string | undefined;
  /** File name or URL path; its extension helps when the type is missing or generic. */
  filename?: string | undefined;
  /** §2.4, validated or raw. */
  parsers: ParsersOption;
  /** Checked between pages and parts, so a scrape timeout stops a long PDF. */
  signal?: AbortSignal | undefined;
}

/**
 * Any supported file → a DocumentResult. Throws DocumentError (`unsupported`,
 * `corrupt`, `encrypted`, `too_large`) for problems with the file; anything else
 * thrown is a server bug or the signal's abort reason.
 *
 * Every engine is imported on first use: pdf.js, exceljs and mammoth together weigh
 * tens of MB and must not slow down server start-up or plain HTML scrapes.
 */
export async function parseDocument(input: ParseDocumentInput): Promise<DocumentResult> {
  const { bytes, contentType, signal } = input;
  const detected = detectDocument(input);
  if (detected.kind === 'unsupported') throw new DocumentError('unsupported', detected.reason);
  signal?.throwIfAborted();

  switch (detected.kind) {
    case 'pdf': {
      const settings = pdfSettings(input.parsers);
      if (!settings) {
        const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
        return { kind: 'pdf', mimeType: detected.mimeType, markdown: base64, unparsed: true, warnings: [] };
      }
      return (await import('./pdf.js')).parsePdf(bytes, settings, signal);
    }
    case 'docx':
      return (await import('./docx.js')).parseDocx(bytes);
    case 'xlsx':
      return (await import('./xlsx.js')).parseXlsx(bytes, signal);
    case 'pptx':
      return (await import('./pptx.js')).parsePptx(bytes, signal);
    case 'odt':
    case 'ods':
    case 'odp':
      return (await import('./odf.js')).parseOdf(bytes, detected.kind);
    case 'epub':
      return (await import('./epub.js')).parseEpub(bytes, signal);
    case 'rtf':
      return (await import('./rtf.js')).parseRtf(bytes);
    case 'csv':
      return (await import('./csv.js')).parseCsv(bytes, contentType);
    case 'json':
      return (await import('./json.js')).parseJson(bytes, contentType);
    case 'html':
      return (await import('./html.js')).parseHtml(bytes, contentType);
    case 'text':
    case 'markdown':
      return (await import('./text.js')).parseText(bytes, detected.kind, contentType);
  }
}
