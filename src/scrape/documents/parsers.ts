/**
 * §2.4 `parsers`, in either the wire form (string shorthands, `pageMarkdown`) or the
 * normalised form that `src/api/parsers.ts` produces; both are accepted so that
 * callers need not care which one they hold.
 */
export interface PdfParserEntry {
  type: 'pdf';
  mode?: 'fast' | 'auto' | 'ocr';
  maxPages?: number;
  pages?: boolean;
  /** Deprecated alias of `pages`. */
  pageMarkdown?: boolean;
  blocks?: boolean;
  pageMarkers?: boolean;
}

export type ParserEntry = 'pdf' | 'image' | PdfParserEntry | { type: 'image' };

export type ParsersOption = readonly ParserEntry[];

export interface PdfSettings {
  mode: 'fast' | 'auto' | 'ocr';
  maxPages: number | undefined;
  pages: boolean;
  pageMarkers: boolean;
  blocks: boolean;
}

/** How to parse PDFs, or undefined when the list has no "pdf" entry (PDFs stay unparsed). */
export function pdfSettings(parsers: ParsersOption): PdfSettings | undefined {
  const entry = parsers.find((p) => p === 'pdf' || (typeof p === 'object' && p.type === 'pdf'));
  if (entry === undefined) return undefined;
  const o: PdfParserEntry = typeof entry === 'object' && entry.type === 'pdf' ? entry : { type: 'pdf' };
  return {
    mode: o.mode ?? 'auto',
    maxPages: o.maxPages,
    pages: o.pages ?? o.pageMarkdown ?? false,
    pageMarkers: o.pageMarkers ?? false,
    blocks: o.blocks ?? false,
  };
}
