import { readableKinds } from '../scrape/documents/detect.js';

/** Formats Firecrawl lists that this server cannot read, said plainly rather than left out. */
const UNAVAILABLE = [
  { format: 'doc', kind: 'document', extensions: ['.doc'], mimeTypes: ['application/msword'] },
  { format: 'xls', kind: 'document', extensions: ['.xls'], mimeTypes: ['application/vnd.ms-excel'] },
  { format: 'ppt', kind: 'document', extensions: ['.ppt'], mimeTypes: ['application/vnd.ms-powerpoint'] },
  // Images need OCR.
  { format: 'png', kind: 'image', extensions: ['.png'], mimeTypes: ['image/png'] },
  { format: 'jpeg', kind: 'image', extensions: ['.jpg', '.jpeg'], mimeTypes: ['image/jpeg'] },
  { format: 'webp', kind: 'image', extensions: ['.webp'], mimeTypes: ['image/webp'] },
];

/** `GET /v2/parse/formats`: what `POST /v2/parse` accepts, as the Python SDK's `get_parse_formats` reads it. */
export async function parseFormats() {
  const readable = readableKinds().map(({ kind, extensions, mimeTypes }) => ({
    format: kind,
    kind: 'document',
    // Firecrawl writes extensions with their dot (".pdf"), as its SDKs' own tests expect.
    extensions: extensions.map((ext) => `.${ext}`),
    mimeTypes,
    available: true,
  }));
  return { success: true, data: { formats: [...readable, ...UNAVAILABLE.map((f) => ({ ...f, available: false }))] } };
}
