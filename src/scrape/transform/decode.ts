// Bytes of a fetched page → text, following the order a browser uses: a byte-order mark
// wins, then the charset of the Content-Type header, then a declaration in the document
// itself (<meta charset>, <meta http-equiv>, <?xml encoding>), then UTF-8.
import { TextDecoder } from 'node:util';

// Browsers honour a <meta> declaration anywhere in <head>, not only in the 1024 bytes the
// prescan reads; pages with large inline scripts put it further down.
const SNIFF_BYTES = 16 * 1024;

const DECLARED_CHARSET =
  /<meta[^>]+?charset\s*=\s*["']?\s*([\w.:-]+)|<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i;

export function decodeHtml(bytes: Uint8Array, contentType?: string | null): string {
  const encoding =
    bomEncoding(bytes) ?? encodingOf(headerCharset(contentType)) ?? encodingOf(documentCharset(bytes), true);
  if (encoding) return decode(bytes, encoding);
  // An undeclared page that is not valid UTF-8 is almost always a legacy Western page.
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decode(bytes, 'windows-1252');
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function headerCharset(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

function documentCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES));
  const m = DECLARED_CHARSET.exec(head.toString('latin1'));
  return m ? (m[1] ?? m[2]) : undefined;
}

// The WHATWG name of a charset label ("latin1" → "windows-1252", "sjis" → "shift_jis");
// an unknown label is ignored, as browsers do.
function encodingOf(label: string | undefined, inDocument = false): string | undefined {
  if (!label) return undefined;
  try {
    const { encoding } = new TextDecoder(label.trim());
    // A document that could be read far enough to find its own declaration is not UTF-16,
    // whatever it says (HTML spec, "prescan a byte stream").
    return inDocument && encoding.startsWith('utf-16') ? 'utf-8' : encoding;
  } catch {
    return undefined;
  }
}

function decode(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

// Node's TextDecoder decodes windows-1252 as ISO-8859-1 since 20.18.3 / 22.13.0, turning
// curly quotes, dashes and € into C1 controls (nodejs/node#56542, #60888).
const WINDOWS_1252_HIGH =
  '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}
