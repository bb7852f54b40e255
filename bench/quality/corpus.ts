// The annotated main-content corpus (../shared/corpus/trafilatura-eval, beside the repo) and
// its scoring rule, shared by the quality benchmark and the CI test that samples it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const CORPUS_DIR = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/corpus/trafilatura-eval');

export interface CorpusPage {
  /** The page's address when it was saved: relative links resolve against it. */
  url: string;
  file: string;
  with: string[];
  without: string[];
}

export function corpusPages(dir = CORPUS_DIR): CorpusPage[] {
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<string, Omit<CorpusPage, 'url'>>;
  return Object.entries(data).map(([url, p]) => ({ url, file: p.file, with: p.with, without: p.without }));
}

/** The page bytes as published (not necessarily UTF-8). */
export function pageBytes(page: CorpusPage, dir = CORPUS_DIR): Buffer {
  return zlib.gunzipSync(fs.readFileSync(path.join(dir, 'pages', `${page.file}.gz`)));
}

export interface Score {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
  /** `with` snippets not found. */
  missing: string[];
  /** `without` snippets found. */
  leaked: string[];
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

/** trafilatura's rule: each `with` snippet found is a TP, each `without` snippet found an FP. */
export function scorePage(page: CorpusPage, text: string): Score {
  const out = normalise(text);
  const missing = page.with.filter((s) => !out.includes(normalise(s)));
  const leaked = page.without.filter((s) => out.includes(normalise(s)));
  return {
    tp: page.with.length - missing.length,
    fn: missing.length,
    fp: leaked.length,
    tn: page.without.length - leaked.length,
    missing,
    leaked,
  };
}

export interface Totals {
  precision: number;
  recall: number;
  f: number;
  accuracy: number;
}

export function totals(scores: Score[]): Totals {
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (const s of scores) {
    tp += s.tp;
    fn += s.fn;
    fp += s.fp;
    tn += s.tn;
  }
  const precision = tp / (tp + fp || 1);
  const recall = tp / (tp + fn || 1);
  return {
    precision,
    recall,
    f: (2 * precision * recall) / (precision + recall || 1),
    accuracy: (tp + tn) / (tp + fn + fp + tn || 1),
  };
}

/**
 * The plain text of markdown: markup and link targets removed, so that snippets of page
 * text match whatever formatting the converter gave them.
 */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/^ {0,3}(```|~~~).*$/gm, '')
      .replace(/!\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, ' ')
      .replace(/\[((?:[^\[\]]|\[[^\]]*\])*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/^ {0,3}#{1,6}\s+/gm, '')
      .replace(/^\s*(?:>\s*)+/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, '')
      .replace(/\s*\|\s*/g, ' ')
      .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/gm, '')
      .replace(/(\*{1,3}|_{1,3})(?=\S)|(?<=\S)(\*{1,3}|_{1,3})/g, (m, _a, _b, offset: number, s: string) =>
        // Underscores inside a word (snake_case) are text, not emphasis.
        m[0] === '_' && /\w/.test(s[offset - 1] ?? '') && /\w/.test(s[offset + m.length] ?? '') ? m : '',
      )
      .replace(/`+/g, '')
      .replace(/<br\s*\/?>/g, ' ')
      .replace(/\\([\\`*_{}\[\]()#+\-.!|<>~])/g, '$1')
  );
}
