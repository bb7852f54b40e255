// Charset handling shared by the HTML transform and the text document engines.
import { TextDecoder } from 'node:util';

/** The encoding a byte-order mark announces, and how many bytes it takes. */
export function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** The `charset` parameter of a Content-Type header, quoted or not. */
export function headerCharset(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

/**
 * The WHATWG name of a charset label ("latin1" → "windows-1252", "sjis" →
 * "shift_jis"); undefined for a label no decoder knows, which callers ignore
 * as browsers do.
 */
export function usableEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** The bytes in a WHATWG encoding (as `usableEncoding` names it). */
export function decodeAs(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

/** UTF-8 when the bytes are valid UTF-8; otherwise windows-1252, what undeclared legacy text almost always is. */
export function decodeUndeclared(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

// Node's TextDecoder decodes windows-1252 as ISO-8859-1 since 20.18.3 / 22.13.0, turning
// curly quotes, dashes and € into C1 controls (nodejs/node#56542, #60888).
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}
