import { decodeText } from './decode.js';
import { MIME_TYPES } from './detect.js';
import type { DocumentResult } from './result.js';

/**
 * Plain text and markdown go out as they came: plain text is already readable as
 * markdown, and escaping it would only add backslashes for the reader to skip.
 */
export function parseText(bytes: Uint8Array, kind: 'text' | 'markdown', contentType?: string): DocumentResult {
  const markdown = decodeText(bytes, contentType).replace(/\r\n?/g, '\n');
  return { kind, mimeType: MIME_TYPES[kind], markdown, warnings: [] };
}
