// From a fetched page's HTML to the Document formats it asked for. The page is parsed once;
// metadata, links and images are read from that tree, and the `html` and `markdown` formats
// are written from one cleaned view of it.
import { cleanContent, wholeBody } from './clean.js';
import { parseHtml } from './dom.js';
import { extractImages } from './images.js';
import { extractLinks } from './links.js';
import { markdownOf } from './markdown.js';
import { extractMetadata, type PageMetadata } from './metadata.js';
import { serializeHtml } from './serialize.js';
import { documentBase } from './url.js';

export { decodeHtml } from './decode.js';
export type { PageMetadata } from './metadata.js';

export type HtmlFormat = 'markdown' | 'html' | 'rawHtml' | 'links' | 'images';

export interface TransformInput {
  html: string;
  /** The final URL of the page, after redirects: relative URLs resolve against it. */
  url: string;
  formats: ReadonlySet<HtmlFormat>;
  onlyMainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  removeBase64Images: boolean;
}

export interface TransformOutput {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  metadata: PageMetadata;
}

export function transformHtml(input: TransformInput): TransformOutput {
  const { formats } = input;
  const doc = parseHtml(input.html);
  const base = documentBase(doc, input.url);
  const metadata = extractMetadata(doc, base);
  const links = formats.has('links') ? extractLinks(doc, base) : undefined;
  const images = formats.has('images') ? extractImages(doc, base) : undefined;

  let markdown: string | undefined;
  let html: string | undefined;
  if (formats.has('markdown') || formats.has('html')) {
    const content = cleanContent(doc, input);
    if (formats.has('html')) html = serializeHtml(content, base);
    if (formats.has('markdown')) markdown = markdownOf(content, base, input);
  }

  // Keys set one by one, in this order (a document's JSON keeps it): spreading an object for
  // each built and copied one a key.
  const out: TransformOutput = {} as TransformOutput;
  if (markdown !== undefined) out.markdown = markdown;
  if (html !== undefined) out.html = html;
  if (formats.has('rawHtml')) out.rawHtml = input.html;
  if (links) out.links = links;
  if (images) out.images = images;
  out.metadata = metadata;
  return out;
}

// Markdown of a whole HTML document (no main-content filtering), for engines that produce
// HTML from other formats (DOCX, spreadsheets, …).
export function htmlToMarkdown(html: string, baseUrl: string, options: { removeBase64Images?: boolean } = {}): string {
  const doc = parseHtml(html);
  return markdownOf(wholeBody(doc), documentBase(doc, baseUrl), { removeBase64Images: options.removeBase64Images ?? true });
}
