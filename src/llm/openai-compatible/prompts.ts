import type { PageInput } from '../types.js';

/**
 * The pages as the model reads them: markdown under each page's URL, cut so
 * that all of them together stay within `budget` characters. Short pages give
 * their unused share to the longer ones.
 */
export function pagesForModel(pages: PageInput[], budget: number): { text: string; truncated: string[] } {
  const truncated: string[] = [];
  const parts: string[] = [];
  let left = budget;
  pages.forEach((page, i) => {
    const share = Math.floor(left / (pages.length - i));
    const body = page.markdown.trim();
    const kept = body.length > share ? body.slice(0, share) : body;
    if (kept.length < body.length) truncated.push(page.url);
    left -= kept.length;
    const title = typeof page.metadata?.title === 'string' ? `\nTitle: ${page.metadata.title}` : '';
    parts.push(`<page url="${page.url}">${title}\n\n${kept}\n</page>`);
  });
  return { text: parts.join('\n\n'), truncated };
}

export const truncationWarning = (urls: string[], budget: number) =>
  `Page content was cut to fit the LLM input budget of ${budget} characters (TRAWL_LLM_MAX_INPUT_CHARS): ${urls.join(', ')}.`;

export const EXTRACT_SYSTEM =
  'You extract structured data from web pages. Use only facts the pages state; never invent values. ' +
  'When a value is not on the pages, use null (or leave the field out when it is optional).';

export const SUMMARY_SYSTEM =
  'You summarise web pages. Write a faithful summary of the page in 2 to 4 sentences of plain prose ' +
  '(no lists, no headings, no preamble such as "This page"). Use only what the page states.';
