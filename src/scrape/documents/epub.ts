import { render } from 'dom-serializer';
import { parseDocument } from 'htmlparser2';
import { MIME_TYPES } from './detect.js';
import { DocumentError } from './errors.js';
import { htmlDocument } from './markup.js';
import type { DocumentResult } from './result.js';
import { attr, find, findFirst, parseXml, textOf } from './xml.js';
import { openZip, resolvePart, type ZipPackage } from './zip.js';

const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html']);

/**
 * EPUB → HTML: the bodies of the spine's XHTML documents, in reading order, one
 * section each. An EPUB is already HTML inside; nothing is reinterpreted.
 */
export async function parseEpub(bytes: Uint8Array, signal?: AbortSignal): Promise<DocumentResult> {
  const zip = openZip(bytes, 'EPUB');
  const container = await zip.text('META-INF/container.xml');
  const rootfile = container ? findFirst(parseXml(container), 'rootfile') : undefined;
  const opfPath = rootfile && attr(rootfile, 'full-path');
  const opfXml = opfPath ? await zip.text(opfPath) : undefined;
  if (!opfPath || opfXml === undefined) throw new DocumentError('corrupt', 'The EPUB file has no package document');
  await refuseDrm(zip);

  const opf = parseXml(opfXml);
  const manifest = new Map(
    find(opf, 'item').map((item) => [
      attr(item, 'id') ?? '',
      { path: resolvePart(opfPath, attr(item, 'href') ?? ''), type: attr(item, 'media-type') ?? '' },
    ]),
  );
  const sections: string[] = [];
  for (const ref of find(opf, 'itemref')) {
    signal?.throwIfAborted();
    const item = manifest.get(attr(ref, 'idref') ?? '');
    if (!item || !CONTENT_TYPES.has(item.type)) continue;
    const xhtml = await zip.text(item.path);
    if (xhtml === undefined) continue;
    const page = parseDocument(xhtml);
    const body = findFirst(page, 'body');
    sections.push(`<section>${render(body ? body.children : page.children, { encodeEntities: 'utf8' })}</section>`);
  }

  const titleElement = findFirst(opf, 'title');
  const title = (titleElement && textOf(titleElement).trim()) || undefined;
  const result: DocumentResult = { kind: 'epub', mimeType: MIME_TYPES.epub, html: htmlDocument(sections.join(''), title), warnings: [] };
  if (title) result.title = title;
  return result;
}

/**
 * Font obfuscation also lives in encryption.xml and is harmless; encrypted content
 * documents mean DRM, and their bytes would come out as garbage.
 */
async function refuseDrm(zip: ZipPackage): Promise<void> {
  const encryption = await zip.text('META-INF/encryption.xml');
  if (!encryption) return;
  const encrypted = find(parseXml(encryption), 'CipherReference').map((c) => attr(c, 'URI') ?? '');
  if (encrypted.some((uri) => /\.(x?html?|xml)$/i.test(uri))) {
    throw new DocumentError('encrypted', 'The EPUB is DRM-protected');
  }
}
