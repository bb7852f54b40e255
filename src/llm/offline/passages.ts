import { plainLine } from './page.js';

/**
 * The offline engine's reading of "which parts of this page answer X": the
 * page cut into passages (paragraphs, list items, table rows), each scored
 * with BM25 against the query's terms. Used for the question and highlights
 * formats when no model is configured, and by anything else that needs the
 * page's most relevant text (search highlights).
 */

export interface Passage {
  /** The passage as it reads on the page (markdown syntax taken out). */
  text: string;
  score: number;
  /** Position on the page, to give passages back in reading order. */
  index: number;
}

const STOPWORDS = new Set(
  ('a an and are as at be by can do does for from has have how i if in is it its of on or that the their there this to ' +
    'was were what when where which who whom whose why will with you your me my we our they them he she his her about into ' +
    'page say says said tell please any some much many more most than then so such not no yes did done').split(' '),
);

/** Lower-case word stems: enough to match "prices" with "price" and "shipping" with "ship". */
export function termsOf(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
}

function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  return word.replace(/(ies|ied)$/, 'y').replace(/(ing|ed|es|s|ly)$/, '').replace(/(.)\1$/, '$1');
}

/** Paragraphs, list items and table rows, in page order; headings stay attached to what follows. */
export function passagesOf(markdown: string): string[] {
  const out: string[] = [];
  let heading = '';
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    const isList = lines.length > 1 && lines.every((l) => /^([-*+]|\d+[.)]|\|)/.test(l));
    for (const piece of isList ? lines : [lines.join(' ')]) {
      if (/^\|?\s*:?-{3,}/.test(piece)) continue;
      const text = plainLine(piece.replace(/^\|\s*|\s*\|$/g, '').replace(/\s*\|\s*/g, ' · '));
      if (!text) continue;
      if (/^#{1,6}\s/.test(piece)) {
        heading = text;
        continue;
      }
      out.push(heading && isList ? `${heading}: ${text}` : text);
    }
  }
  return out;
}

/** The page's passages ranked by relevance to `query`; those sharing no term with it are left out. */
export function rankPassages(markdown: string, query: string): Passage[] {
  const queryTerms = [...new Set(termsOf(query))];
  if (!queryTerms.length) return [];
  const passages = passagesOf(markdown).map((text) => ({ text, terms: termsOf(text) }));
  const n = passages.length;
  const avgLen = passages.reduce((s, p) => s + p.terms.length, 0) / Math.max(1, n);
  const df = new Map(queryTerms.map((t) => [t, passages.filter((p) => p.terms.includes(t)).length]));
  const k1 = 1.2;
  const b = 0.75;
  const ranked: Passage[] = [];
  passages.forEach((p, index) => {
    let score = 0;
    for (const t of queryTerms) {
      const tf = p.terms.filter((x) => x === t).length;
      if (!tf) continue;
      const idf = Math.log(1 + (n - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * p.terms.length) / Math.max(1, avgLen)));
    }
    if (score > 0) ranked.push({ text: p.text, score, index });
  });
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index);
}
