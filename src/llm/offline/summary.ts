import { plainLine } from './page.js';

const STOPWORDS = new Set(
  'a an the and or but if then so of to in on at by for with from as is are was were be been being it its this that these those there here we you they he she i our your their his her them us not no can will would should could may might must do does did have has had also more most such than into about over after before out up down only just very all any each other some what which who whom when where why how'.split(' '),
);

const BOILERPLATE = /\b(cookies?|subscribe|newsletter|sign up|log ?in|all rights reserved|privacy policy|terms of (use|service)|javascript|click here|share this|follow us|©)/i;

interface Sentence {
  text: string;
  index: number;
  paragraph: number;
  words: string[];
}

const tokens = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.filter((w) => w.length > 2 && !STOPWORDS.has(w)) ?? [];

/** The page's prose, sentence by sentence: headings, lists of links, tables and code left out. */
function sentencesOf(markdown: string): Sentence[] {
  const out: Sentence[] = [];
  let paragraph = 0;
  let inCode = false;
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const fences = lines.filter((l) => /^\s*(```|~~~)/.test(l)).length;
    const skip = inCode || fences > 0;
    if (fences % 2) inCode = !inCode;
    if (skip) continue;
    const prose = lines.filter((l) => !/^\s*(#|\||[-*+]\s+\[|!\[|<)/.test(l)).map((l) => plainLine(l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')));
    const text = prose.join(' ').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    paragraph++;
    for (const s of text.match(/[^.!?]+(?:[.!?]+["')\]]?|$)/g) ?? []) {
      const t = s.trim();
      const words = t.split(/\s+/);
      if (words.length < 6 || words.length > 70 || !/[.!?]["')\]]?$/.test(t) || BOILERPLATE.test(t)) continue;
      out.push({ text: t, index: out.length, paragraph, words: tokens(t) });
    }
  }
  return out;
}

/**
 * An extractive summary: the sentences that share most of the page's
 * frequent words, favouring the opening ones and those echoing the title,
 * given in page order.
 */
export function extractiveSummary(markdown: string, title: string | undefined, maxSentences = 3): string {
  const sentences = sentencesOf(markdown);
  if (!sentences.length) return '';
  const freq = new Map<string, number>();
  for (const s of sentences) for (const w of new Set(s.words)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const top = Math.max(...freq.values());
  const titleWords = new Set(tokens(title ?? ''));
  const scored = sentences.map((s) => {
    const unique = [...new Set(s.words)];
    const weight = unique.reduce((sum, w) => sum + (freq.get(w) ?? 0) / top, 0) / Math.sqrt(Math.max(4, s.words.length));
    const position = s.index === 0 ? 0.6 : s.paragraph === 1 ? 0.35 : 0.25 / Math.sqrt(s.paragraph);
    const echo = titleWords.size ? (0.5 * unique.filter((w) => titleWords.has(w)).length) / titleWords.size : 0;
    return { s, score: weight + position + echo };
  });
  const n = Math.min(maxSentences, sentences.length > 12 ? maxSentences + 1 : maxSentences);
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, n)
    .sort((a, b) => a.s.index - b.s.index)
    .map((x) => x.s.text)
    .join(' ');
}
