import type { DocumentKind } from './result.js';
import { isZip, storedEntry, zipEntries } from './zip.js';

export type Detection =
  | { kind: DocumentKind; mimeType: string }
  | { kind: 'unsupported'; mimeType: string; reason: string };

export interface DetectInput {
  bytes: Uint8Array;
  /** As the server or the upload declared it; parameters are ignored. */
  contentType?: string | undefined;
  /** A file name or URL path; only its extension is used. */
  filename?: string | undefined;
}

export const MIME_TYPES: Readonly<Record<DocumentKind, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  rtf: 'application/rtf',
  csv: 'text/csv',
  text: 'text/plain',
  markdown: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
};

/** What a name says, before looking at the bytes: a kind, or a reason it is not one. */
type Claim = DocumentKind | { unsupported: string; mimeType: string } | undefined;

const LEGACY_OFFICE =
  'Legacy binary Office files (.doc, .xls, .ppt) and password-protected Office files are not supported; save the file as .docx, .xlsx or .pptx';
const NO_OCR = 'Images can only be read with OCR, which this server does not have';

const unsupported = (reason: string, mimeType = 'application/octet-stream') => ({ unsupported: reason, mimeType });
const XLSB = unsupported('Excel binary workbooks (.xlsb) are not supported', 'application/vnd.ms-excel.sheet.binary.macroenabled.12');

const TYPES: Readonly<Record<string, Claim>> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template': 'docx',
  'application/vnd.ms-word.document.macroenabled.12': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template': 'xlsx',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': 'pptx',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/epub+zip': 'epub',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
  'application/msword': unsupported(LEGACY_OFFICE, 'application/msword'),
  'application/vnd.ms-excel': unsupported(LEGACY_OFFICE, 'application/vnd.ms-excel'),
  'application/vnd.ms-powerpoint': unsupported(LEGACY_OFFICE, 'application/vnd.ms-powerpoint'),
  'application/vnd.ms-excel.sheet.binary.macroenabled.12': XLSB,
};

const EXTENSIONS: Readonly<Record<string, Claim>> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  pptx: 'pptx',
  pptm: 'pptx',
  ppsx: 'pptx',
  potx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  epub: 'epub',
  rtf: 'rtf',
  csv: 'csv',
  tsv: 'csv',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  txt: 'text',
  text: 'text',
  log: 'text',
  doc: unsupported(LEGACY_OFFICE, 'application/msword'),
  xls: unsupported(LEGACY_OFFICE, 'application/vnd.ms-excel'),
  ppt: unsupported(LEGACY_OFFICE, 'application/vnd.ms-powerpoint'),
  xlsb: XLSB,
};

/** These say nothing about the content; the extension and the bytes decide instead. */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/download',
  'application/x-download',
  'application/force-download',
  'application/unknown',
]);

/** Kinds that only the bytes can confirm: a claim of these on text bytes is a lie. */
const BINARY_KINDS = new Set<DocumentKind>(['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub']);

/**
 * The bytes decide first (magic numbers cannot be mislabelled by a server), then the
 * declared type, then the extension, then a look at the text itself. A claimed
 * binary format on bytes that are plainly text (a PDF link answering with an HTML
 * login page) is treated as that text.
 */
export function detectDocument({ bytes, contentType, filename }: DetectInput): Detection {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const fromType = claimOfType(type);
  const fromExtension = EXTENSIONS[extensionOf(filename)];
  // text/plain is what servers say when they know no better (raw files on code hosts, buckets).
  const claim = type === 'text/plain' ? (fromExtension ?? fromType) : (fromType ?? fromExtension);

  const magic = byMagic(bytes, claim);
  if (magic) return magic;

  const binary = looksBinary(bytes);
  if (typeof claim === 'object') return { kind: 'unsupported', mimeType: claim.mimeType, reason: claim.unsupported };
  if (claim && !(BINARY_KINDS.has(claim) && !binary)) return { kind: claim, mimeType: MIME_TYPES[claim] };
  if (binary) {
    return {
      kind: 'unsupported',
      mimeType: GENERIC_TYPES.has(type) ? 'application/octet-stream' : type,
      reason: `Unsupported file type${GENERIC_TYPES.has(type) ? '' : ` (${type})`}`,
    };
  }
  const kind = sniffText(bytes);
  return { kind, mimeType: MIME_TYPES[kind] };
}

function claimOfType(type: string): Claim {
  if (GENERIC_TYPES.has(type)) return undefined;
  const known = TYPES[type];
  if (known !== undefined) return known;
  if (type.endsWith('+json')) return 'json';
  if (type.startsWith('image/')) return unsupported(NO_OCR, type);
  if (type.startsWith('text/')) return 'text';
  return undefined;
}

function extensionOf(filename: string | undefined): string {
  const name = filename?.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const IMAGE_SIGNATURES: readonly { mimeType: string; signature: readonly number[]; at?: number }[] = [
  { mimeType: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47] },
  { mimeType: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
  { mimeType: 'image/gif', signature: ascii('GIF8') },
  { mimeType: 'image/webp', signature: ascii('WEBP'), at: 8 },
  { mimeType: 'image/bmp', signature: ascii('BM') },
  { mimeType: 'image/tiff', signature: [0x49, 0x49, 0x2a, 0x00] },
  { mimeType: 'image/tiff', signature: [0x4d, 0x4d, 0x00, 0x2a] },
  { mimeType: 'image/avif', signature: ascii('ftypavif'), at: 4 },
  { mimeType: 'image/jp2', signature: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20] },
];

function byMagic(bytes: Uint8Array, claim: Claim): Detection | undefined {
  // Readers accept junk before the header within the first KB; a page that merely
  // quotes a header there is still the text its server says it is.
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(1024, bytes.byteLength)).indexOf('%PDF-');
  if (header === 0 || (header > 0 && !(typeof claim === 'string' && !BINARY_KINDS.has(claim)))) {
    return { kind: 'pdf', mimeType: MIME_TYPES.pdf };
  }
  if (isZip(bytes)) return byZipContent(bytes, claim);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { kind: 'unsupported', mimeType: 'application/x-ole-storage', reason: LEGACY_OFFICE };
  }
  if (startsWith(bytes, ascii('{\\rtf'))) return { kind: 'rtf', mimeType: MIME_TYPES.rtf };
  // Some signatures are short enough to begin a sentence ("BMW…"); images are binary.
  const image = IMAGE_SIGNATURES.find((s) => startsWith(bytes, s.signature, s.at));
  if (image && looksBinary(bytes)) return { kind: 'unsupported', mimeType: image.mimeType, reason: NO_OCR };
  return undefined;
}

const ODF_AND_EPUB: Readonly<Record<string, DocumentKind>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/epub+zip': 'epub',
};

function byZipContent(bytes: Uint8Array, claim: Claim): Detection {
  const entries = zipEntries(bytes);
  if (!entries) {
    // A truncated download of a claimed DOCX is a broken DOCX; its parser says so.
    if (typeof claim === 'string' && BINARY_KINDS.has(claim) && claim !== 'pdf') return { kind: claim, mimeType: MIME_TYPES[claim] };
    return { kind: 'unsupported', mimeType: 'application/zip', reason: 'The ZIP archive is damaged' };
  }
  const mimetypeEntry = entries.find((e) => e.name === 'mimetype');
  if (mimetypeEntry) {
    const stored = storedEntry(bytes, mimetypeEntry);
    const declared = stored ? new TextDecoder().decode(stored).trim() : '';
    const kind = ODF_AND_EPUB[declared];
    if (kind) return { kind, mimeType: MIME_TYPES[kind] };
    if (declared) return { kind: 'unsupported', mimeType: declared, reason: `Unsupported file type (${declared})` };
  }
  const names = new Set(entries.map((e) => e.name));
  const has = (prefix: string) => entries.some((e) => e.name.startsWith(prefix));
  if (has('word/')) return { kind: 'docx', mimeType: MIME_TYPES.docx };
  if (names.has('xl/workbook.bin')) {
    return { kind: 'unsupported', mimeType: XLSB.mimeType, reason: XLSB.unsupported };
  }
  if (has('xl/')) return { kind: 'xlsx', mimeType: MIME_TYPES.xlsx };
  if (has('ppt/')) return { kind: 'pptx', mimeType: MIME_TYPES.pptx };
  return { kind: 'unsupported', mimeType: 'application/zip', reason: 'ZIP archives are not supported' };
}

/** NUL bytes never occur in text without a UTF-16 BOM; other control characters only rarely. */
function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control > sample.length * 0.1;
}

function sniffText(bytes: Uint8Array): DocumentKind {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart();
  if (/^<(!doctype\s+html|html|head|body)[\s>]/i.test(head) || (/^<[!?]/.test(head) && /<html[\s>]/i.test(head))) {
    return 'html';
  }
  if (/^[[{]/.test(head)) {
    try {
      JSON.parse(new TextDecoder().decode(bytes));
      return 'json';
    } catch {
      return 'text';
    }
  }
  return 'text';
}

/**
 * What the engines read, per kind: the file extensions and declared types that
 * lead to it (for `GET /v2/parse/formats`).
 */
export function readableKinds(): { kind: DocumentKind; extensions: string[]; mimeTypes: string[] }[] {
  const kinds = Object.keys(MIME_TYPES) as DocumentKind[];
  return kinds.map((kind) => ({
    kind,
    extensions: Object.keys(EXTENSIONS).filter((ext) => EXTENSIONS[ext] === kind),
    mimeTypes: Object.keys(TYPES).filter((type) => TYPES[type] === kind),
  }));
}
