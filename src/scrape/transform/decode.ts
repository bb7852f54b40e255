// Bytes of a fetched page → text, following the order a browser uses: a byte-order mark
// wins, then the charset of the Content-Type header, then a declaration in the document
// itself (<meta charset>, <meta http-equiv>, <?xml encoding>), then UTF-8.
import { byteOrderMark, decodeAs, decodeUndeclared, headerCharset, usableEncoding } from '../charset.js';

// Browsers honour a <meta> declaration anywhere in <head>, not only in the 1024 bytes the
// prescan reads; pages with large inline scripts put it further down.
const SNIFF_BYTES = 16 * 1024;

const DECLARED_CHARSET =
  /<meta[^>]+?charset\s*=\s*["']?\s*([\w.:-]+)|<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i;

export function decodeHtml(bytes: Uint8Array, contentType?: string | null): string {
  const encoding =
    byteOrderMark(bytes)?.encoding ?? usableEncoding(headerCharset(contentType)) ?? documentEncoding(bytes);
  return encoding ? decodeAs(bytes, encoding) : decodeUndeclared(bytes);
}

function documentEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES));
  const m = DECLARED_CHARSET.exec(head.toString('latin1'));
  const encoding = usableEncoding(m ? (m[1] ?? m[2]) : undefined);
  // A document that could be read far enough to find its own declaration is not UTF-16,
  // whatever it says (HTML spec, "prescan a byte stream").
  return encoding?.startsWith('utf-16') ? 'utf-8' : encoding;
}
