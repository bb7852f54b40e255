import type { LaidOutBlock } from './pdf-layout.js';

/** `Document.blocks` (`parsers: [{type: "pdf", blocks: true}]`), shaped as the SDKs type PdfPageBlocks. */
export interface PdfPageBlocks {
  pageNumber: number;
  width: number | null;
  height: number | null;
  /** `ok`; `empty` for a page without embedded text; `unreadable` for a page pdf.js could not read. */
  status: 'ok' | 'empty' | 'unreadable';
  items: PdfBlockItem[];
}

export interface PdfBlockItem {
  id: string;
  type: string;
  label: string | null;
  /** [left, top, right, bottom] in PDF points from the page's top-left corner. */
  bbox: [number, number, number, number] | null;
  content: string;
  /** Where the block's text sits in the Document's markdown, [start, end) offsets; null when it was not found. */
  markdownSpan: [number, number] | null;
  readingOrder: number;
  /** Always `text-layer`: read from the PDF's embedded text (no OCR or layout model on this server). */
  source: string | null;
  /** No model scored these: both null. */
  confidence: { layout: number | null; ocr: number | null };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The layout's blocks as the wire's per-page blocks. Boxes come from the text
 * runs' positions; spans are found by reading the final markdown forward, so
 * repeated text maps to its own occurrence.
 */
export function pdfBlocks(
  pages: readonly LaidOutBlock[][],
  sizes: readonly ({ width: number; height: number } | undefined)[],
  unreadable: readonly number[],
  markdown: string,
): PdfPageBlocks[] {
  let cursor = 0;
  let order = 0;
  return pages.map((blocks, i) => {
    const pageNumber = i + 1;
    const size = sizes[i];
    const items = blocks.map((b, n): PdfBlockItem => {
      const at = markdown.indexOf(b.text, cursor);
      if (at >= 0) cursor = at + b.text.length;
      const bbox: PdfBlockItem['bbox'] = size
        ? [round(b.box.left), round(size.height - b.box.top), round(b.box.right), round(size.height - b.box.bottom)]
        : null;
      return {
        id: `p${pageNumber}-b${n + 1}`,
        type: b.type,
        label: b.level ? `h${b.level}` : null,
        bbox,
        content: b.text,
        markdownSpan: at >= 0 ? [at, at + b.text.length] : null,
        readingOrder: order++,
        source: 'text-layer',
        confidence: { layout: null, ocr: null },
      };
    });
    const status = unreadable.includes(pageNumber) ? 'unreadable' : items.length ? 'ok' : 'empty';
    return { pageNumber, width: size ? round(size.width) : null, height: size ? round(size.height) : null, status, items };
  });
}
