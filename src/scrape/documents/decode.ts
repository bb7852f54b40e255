/**
 * Bytes of a text format (plain text, CSV, JSON) → string. Order of trust: a
 * byte-order mark, then the charset the server declared, then UTF-8 if the bytes are
 * valid UTF-8, else windows-1252, which is what old servers and Excel exports that
 * declare nothing usually mean. (HTML has more rules; the transform's decodeHtml has them.)
 */
export function decodeText(bytes: Uint8Array, contentType?: string): string {
  const bom = byteOrderMark(bytes);
  if (bom) return new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length));

  const declared = usableEncoding(charsetOf(contentType));
  if (declared) return decodeAs(bytes, declared);

  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeAs(bytes, 'windows-1252');
  }
}

/** The bytes in a WHATWG encoding (as `TextDecoder(label).encoding` names it). */
export function decodeAs(bytes: Uint8Array, encoding: string): string {
  // Node's TextDecoder decodes windows-1252 (and so latin1, ascii…) as ISO-8859-1,
  // turning 0x80–0x9F (€, curly quotes, dashes) into control characters.
  if (encoding === 'windows-1252') {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? c);
  }
  return new TextDecoder(encoding).decode(bytes);
}

/** What windows-1252 puts at 0x80–0x9F; the five unassigned bytes stay as they are. */
const WINDOWS_1252_C1 = [
  '€', '\x81', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\x8d', 'Ž', '\x8f',
  '\x90', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\x9d', 'ž', 'Ÿ',
];

function byteOrderMark(b: Uint8Array): { encoding: string; length: number } | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

function charsetOf(contentType: string | undefined): string | undefined {
  return contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] : undefined;
}

/** The WHATWG name for a charset label, or undefined if the label is unknown. */
export function usableEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}
