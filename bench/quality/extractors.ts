// The main-content extractors the quality benchmark compares, each from a page's HTML to
// markdown. Peers' article HTML goes through Trawl's own converter, so that every method is
// scored on the same kind of plain text and differs only in what it keeps.
import { Readability } from '@mozilla/readability';
import { Defuddle } from 'defuddle/node';
import { parseHTML } from 'linkedom';
import { bodyOf, parseHtml } from '../../src/scrape/transform/dom.js';
import { htmlToMarkdown, transformHtml } from '../../src/scrape/transform/index.js';
import { markdownOf } from '../../src/scrape/transform/markdown.js';
import { extractMetadata } from '../../src/scrape/transform/metadata.js';
import { documentBase } from '../../src/scrape/transform/url.js';
import { keepMainContent as baselineKeep } from './baseline-main-content.js';

export type Extract = (html: string, url: string) => string | Promise<string>;

const MARKDOWN = new Set(['markdown'] as const);

export const extractors: Record<string, Extract> = {
  // What a default scrape runs (onlyMainContent, plus metadata).
  trawl: (html, url) =>
    transformHtml({ html, url, formats: MARKDOWN, onlyMainContent: true, removeBase64Images: true }).markdown ?? '',
  // The same work with the engine as it was before issue #16.
  'trawl before #16': (html, url) => {
    const doc = parseHtml(html);
    const base = documentBase(doc, url);
    extractMetadata(doc, base);
    const content = baselineKeep({ nodes: bodyOf(doc).children, skip: new Set() }, { findRoot: true });
    return markdownOf(content, base, { removeBase64Images: true });
  },
  'readability 0.6.0': (html, url) => {
    const { document } = parseHTML(html);
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    return article?.content ? htmlToMarkdown(article.content, url) : '';
  },
  'defuddle 0.19.4': async (html, url) => {
    const { document } = parseHTML(html);
    // Defuddle prints a stack trace for every page whose JSON-LD does not parse.
    const error = console.error;
    console.error = () => {};
    try {
      const result = await Defuddle(document as unknown as Parameters<typeof Defuddle>[0], url);
      return result.content ? htmlToMarkdown(result.content, url) : '';
    } finally {
      console.error = error;
    }
  },
};
