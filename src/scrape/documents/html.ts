import { decodeHtml } from '../transform/index.js';
import { MIME_TYPES } from './detect.js';
import type { DocumentResult } from './result.js';

/**
 * HTML files (uploads, or pages served under another type) go to the transform like
 * any page, decoded by the transform's own rules so that a file and a fetched page
 * with the same bytes read the same.
 */
export function parseHtml(bytes: Uint8Array, contentType?: string): DocumentResult {
  return { kind: 'html', mimeType: MIME_TYPES.html, html: decodeHtml(bytes, contentType), warnings: [] };
}
