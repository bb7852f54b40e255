import mammoth from 'mammoth';
import { packageTitle } from './core-properties.js';
import { MIME_TYPES } from './detect.js';
import { corrupt } from './errors.js';
import { htmlDocument } from './markup.js';
import type { DocumentResult } from './result.js';
import { openZip } from './zip.js';

/** Word's built-in styles that mammoth's default map leaves as plain paragraphs. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => p:fresh > strong",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
];

/**
 * DOCX → HTML through mammoth: headings, emphasis, lists, tables and links survive as
 * HTML, which the pipeline's transform turns into markdown like any page.
 */
export async function parseDocx(bytes: Uint8Array): Promise<DocumentResult> {
  // Also checks the package against zip bombs before mammoth unzips it.
  const zip = openZip(bytes, 'DOCX');
  let converted: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    converted = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      // Linked (not embedded) images would make mammoth read files from the server's disk.
      { styleMap: STYLE_MAP, externalFileAccess: false },
    );
  } catch (err) {
    throw corrupt('DOCX', err);
  }
  const title = await packageTitle(zip);
  const result: DocumentResult = {
    kind: 'docx',
    mimeType: MIME_TYPES.docx,
    html: htmlDocument(converted.value, title),
    warnings: warningsOf(converted.messages),
  };
  if (title) result.title = title;
  return result;
}

/**
 * mammoth reports every style it has no mapping for; to an API user those are noise.
 * What remains (unreadable parts, unsupported elements) is worth a mention.
 */
function warningsOf(messages: readonly { type: string; message: string }[]): string[] {
  const relevant = messages.filter((m) => !/^Unrecognised (paragraph|run|table|numbering) style/i.test(m.message));
  return [...new Set(relevant.map((m) => `DOCX: ${m.message}`))].slice(0, 10);
}
