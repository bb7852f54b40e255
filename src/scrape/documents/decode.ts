import { byteOrderMark, decodeAs, decodeUndeclared, headerCharset, usableEncoding } from '../charset.js';

export { decodeAs, usableEncoding };

/**
 * Bytes of a text format (plain text, CSV, JSON) → string. Order of trust: a
 * byte-order mark, then the charset the server declared, then UTF-8 if the bytes are
 * valid UTF-8, else windows-1252, which is what old servers and Excel exports that
 * declare nothing usually mean. (HTML has more rules; the transform's decodeHtml has them.)
 */
export function decodeText(bytes: Uint8Array, contentType?: string): string {
  const bom = byteOrderMark(bytes);
  if (bom) return decodeAs(bytes.subarray(bom.length), bom.encoding);
  const declared = usableEncoding(headerCharset(contentType));
  return declared ? decodeAs(bytes, declared) : decodeUndeclared(bytes);
}
