import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { DocumentError } from './errors.js';

/**
 * Office, OpenDocument and EPUB files are ZIP packages. They are read here from the
 * central directory with node:zlib rather than with a zip library so that detection
 * costs nothing, and so that every entry is inflated with a hard output limit: a ZIP of
 * a few MB can otherwise expand to gigabytes (a zip bomb).
 */

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

const inflate = promisify(inflateRaw);

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** The entries, or undefined when the directory is missing or damaged. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));

  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - EOCD_SEARCH); i--) {
    if (u32(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || u32(locator) !== EOCD64_LOCATOR) return undefined;
    const record = u64(locator + 8);
    if (record + 56 > bytes.length || u32(record) !== EOCD64) return undefined;
    count = u64(record + 32);
    offset = u64(record + 48);
  }

  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || u32(p) !== CENTRAL) return undefined;
    const nameLength = u16(p + 28);
    const extraLength = u16(p + 30);
    const end = p + 46 + nameLength + extraLength;
    if (end > bytes.length) return undefined;
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      method: u16(p + 10),
      compressedSize: u32(p + 20),
      uncompressedSize: u32(p + 24),
      localHeaderOffset: u32(p + 42),
    };
    // ZIP64 stores the real values, in this order, for just the fields that overflowed.
    for (let x = p + 46 + nameLength; x + 4 <= end; x += 4 + u16(x + 2)) {
      if (u16(x) !== ZIP64_EXTRA) continue;
      let field = x + 4;
      for (const key of ['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const) {
        if (entry[key] === 0xffffffff && field + 8 <= end) {
          entry[key] = u64(field);
          field += 8;
        }
      }
    }
    entries.push(entry);
    p = end + u16(p + 32);
  }
  return entries;
}

/** The raw (possibly compressed) bytes of an entry, or undefined when they are out of bounds. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const h = entry.localHeaderOffset;
  if (h + 30 > bytes.length || view.getUint32(h, true) !== LOCAL) return undefined;
  const start = h + 30 + view.getUint16(h + 26, true) + view.getUint16(h + 28, true);
  const end = start + entry.compressedSize;
  return end <= bytes.length ? bytes.subarray(start, end) : undefined;
}

/** The content of an uncompressed entry (ODF and EPUB store their `mimetype` this way). */
export function storedEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array | undefined {
  return entry.method === 0 ? entryData(bytes, entry) : undefined;
}

/**
 * Throws unless the package's declared content fits in MAX_UNZIPPED_BYTES. Run it before
 * handing a package to a library (mammoth, exceljs) that unzips on its own.
 */
export function assertZipPackage(bytes: Uint8Array, what: string): ZipEntry[] {
  const entries = zipEntries(bytes);
  if (!entries) throw new DocumentError('corrupt', `The ${what} file is not a valid ZIP package`);
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > MAX_UNZIPPED_BYTES) {
    throw new DocumentError(
      'too_large',
      `The ${what} file would unpack to ${Math.round(total / 2 ** 20)} MB, more than the ${MAX_UNZIPPED_BYTES / 2 ** 20} MB allowed`,
    );
  }
  return entries;
}

export interface ZipPackage {
  /** Entry names, `/`-separated, without a leading slash. */
  readonly names: readonly string[];
  /** UTF-8 text of an entry, or undefined when there is no such entry. */
  text(path: string): Promise<string | undefined>;
}

export function openZip(bytes: Uint8Array, what: string): ZipPackage {
  const entries = new Map(assertZipPackage(bytes, what).map((e) => [e.name, e]));
  const damaged = (name: string, cause?: unknown) =>
    new DocumentError('corrupt', `The ${what} file is damaged: cannot read ${name}`, { cause });
  return {
    names: [...entries.keys()],
    async text(path) {
      const entry = entries.get(path.replace(/^\//, ''));
      if (!entry) return undefined;
      const data = entryData(bytes, entry);
      if (!data) throw damaged(entry.name);
      if (entry.method === 0) return new TextDecoder().decode(data);
      if (entry.method !== 8) {
        throw new DocumentError('corrupt', `The ${what} file uses an unsupported ZIP compression method (${entry.method})`);
      }
      try {
        // An entry that inflates past its declared size is lying; the limit stops it there.
        const out = await inflate(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
        return new TextDecoder().decode(out);
      } catch (err) {
        throw damaged(entry.name, err);
      }
    },
  };
}

/** Resolves a package-relative reference (OPC relationship, EPUB manifest href) against the part that holds it. */
export function resolvePart(fromPart: string, target: string): string {
  const path = target.split('#')[0] ?? '';
  if (path.startsWith('/')) return path.slice(1);
  const parts = fromPart.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(safeDecode(segment));
  }
  return parts.join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
