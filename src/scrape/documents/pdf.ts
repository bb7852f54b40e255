import { getDocumentProxy } from 'unpdf';
import { DocumentError } from './errors.js';
import { MIME_TYPES } from './detect.js';
import type { PdfSettings } from './parsers.js';
import { pdfBlocks } from './pdf-blocks.js';
import { layoutPagesWithBlocks, type PdfTextRun } from './pdf-layout.js';
import type { DocumentResult } from './result.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const PAGE_SEPARATOR = (pageNumber: number) => `\n\n---\n\n<!-- page ${pageNumber} -->\n\n`;

/**
 * PDF → markdown through unpdf's bundled pdf.js. That bundle registers itself as
 * `globalThis.pdfjsWorker`, so no other copy of pdf.js (pdfjs-dist, pdf-parse) may be
 * loaded into the same process: it would pick up this worker and fail on the version check.
 */
export async function parsePdf(bytes: Uint8Array, settings: PdfSettings, signal?: AbortSignal): Promise<DocumentResult> {
  const pdf = await open(bytes);
  try {
    const totalPages = pdf.numPages;
    const numPages = Math.min(totalPages, settings.maxPages ?? totalPages);
    const warnings: string[] = [];
    const runs: PdfTextRun[][] = [];
    const sizes: ({ width: number; height: number } | undefined)[] = [];
    const unreadable: number[] = [];
    for (let n = 1; n <= numPages; n++) {
      signal?.throwIfAborted();
      try {
        const page = await pageRuns(pdf, n);
        runs.push(page.runs);
        sizes.push(page.size);
      } catch {
        // One broken page should not cost the reader the other ninety-nine.
        runs.push([]);
        sizes.push(undefined);
        unreadable.push(n);
      }
    }
    const { markdowns, blocks } = layoutPagesWithBlocks(runs);
    const textless = markdowns.flatMap((md, i) => (md === '' && !unreadable.includes(i + 1) ? [i + 1] : []));

    if (unreadable.length) {
      warnings.push(`Could not read ${pageList(unreadable)}; ${unreadable.length === 1 ? 'it is' : 'they are'} left empty.`);
    }
    if (settings.mode === 'ocr') {
      warnings.push("OCR is not available on this server; the PDF's embedded text was returned instead.");
    } else if (settings.mode === 'auto' && textless.length) {
      const one = textless.length === 1;
      warnings.push(
        `${capitalise(pageList(textless))} ${one ? 'has' : 'have'} no embedded text (scanned?); ` +
          `OCR is not available on this server, so ${one ? 'it is' : 'they are'} empty.`,
      );
    }

    const markdown = settings.pageMarkers
      ? markdowns.map((md, i) => (i === 0 ? md : PAGE_SEPARATOR(i + 1) + md)).join('')
      : markdowns.filter((md) => md !== '').join('\n\n');
    const result: DocumentResult = { kind: 'pdf', mimeType: MIME_TYPES.pdf, markdown, numPages, totalPages, warnings };
    const title = await metadataTitle(pdf);
    if (title) result.title = title;
    if (settings.pages) result.pages = markdowns.map((md, i) => ({ pageNumber: i + 1, markdown: md }));
    if (settings.blocks) result.blocks = pdfBlocks(blocks, sizes, unreadable, markdown);
    return result;
  } finally {
    await pdf.destroy();
  }
}

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js may transfer (detach) the buffer it is given; the caller's bytes stay intact on a copy.
    return await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      disableFontFace: true,
      isEvalSupported: false,
      stopAtErrors: false,
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'PasswordException') throw new DocumentError('encrypted', 'The PDF is password-protected', { cause: err });
    const detail = err instanceof Error ? err.message : String(err);
    throw new DocumentError('corrupt', `The PDF file could not be read: ${detail}`, { cause: err });
  }
}

async function pageRuns(pdf: PdfDocument, pageNumber: number): Promise<{ runs: PdfTextRun[]; size: { width: number; height: number } }> {
  const page = await pdf.getPage(pageNumber);
  try {
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const runs: PdfTextRun[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      runs.push({ text: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d), endOfLine: item.hasEOL });
    }
    return { runs, size: { width, height } };
  } finally {
    page.cleanup();
  }
}

/** The Info dictionary's Title, else XMP's dc:title; generators often leave either empty. */
async function metadataTitle(pdf: PdfDocument): Promise<string | undefined> {
  try {
    const { info, metadata } = await pdf.getMetadata();
    const fromInfo = (info as { Title?: unknown } | undefined)?.Title;
    const title = typeof fromInfo === 'string' && fromInfo.trim() ? fromInfo : metadata?.get('dc:title');
    return typeof title === 'string' && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** "page 3", "pages 2, 5–9": a 500-page scan must not make a 500-number warning. */
function pageList(pages: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === (pages[j] ?? 0) + 1) j++;
    ranges.push(j === i ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return `${pages.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
