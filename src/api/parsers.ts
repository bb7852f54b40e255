import { z } from 'zod';
import { nameOrObject, opt, strictObject, typeOnly } from './common.js';

const pdfParser = strictObject({
  type: z.literal('pdf'),
  mode: opt(z.enum(['fast', 'auto', 'ocr']), 'auto').describe(
    'fast: embedded text only; auto: text first, OCR fallback; ocr: OCR every page.',
  ),
  maxPages: opt(z.int().min(1).max(10000)).describe('Parse at most this many pages.'),
  pages: opt(z.boolean()).describe('Also return Document.pages (markdown per physical page). Default false.'),
  pageMarkdown: opt(z.boolean()).describe('Deprecated alias of pages.'),
  blocks: opt(z.boolean(), false).describe('Also return Document.blocks (layout blocks).'),
  pageMarkers: opt(z.boolean(), false).describe('Join pages in markdown with "<!-- page N -->" markers.'),
}).transform(({ pageMarkdown, pages, ...parser }) => ({ ...parser, pages: pages ?? pageMarkdown ?? false }));

const parserObject = z.discriminatedUnion('type', [pdfParser, typeOnly('image')]);

export type Parser = z.output<typeof parserObject>;

/**
 * §2.4 parsers list, normalised to objects. `[]` disables parsing; an explicit
 * list without "image" keeps image URLs failing as unsupported files.
 */
export const parserList = z
  .array(nameOrObject(['pdf', 'image'], parserObject, (name) => `Unknown parser "${name}". Expected "pdf" or "image"`))
  .describe('How non-HTML files are converted. A string is shorthand for {"type": <string>}.');

/**
 * Recent reference deployments parse both PDFs and raster images by default;
 * a server without OCR reports image URLs as unsupported files either way.
 */
export const DEFAULT_PARSERS = ['pdf', 'image'] as const;
