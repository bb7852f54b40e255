import type { Category } from '../api/categories.js';

/**
 * The local search index (src/search): every page Trawl fetched for a team,
 * searchable by text. SQLite answers with FTS5 (bm25, snippet), PostgreSQL
 * with tsvector, ts_rank and ts_headline; queries arrive structured, never as
 * engine syntax, so both read them alike.
 */
export interface IndexedPage {
  teamId: string;
  url: string;
  title: string;
  description: string;
  /** Null when this fetch did not produce markdown: the text indexed before is kept. */
  markdown: string | null;
  contentType: string | null;
  /** Set when the page looks like an article (og:type article, a published time). */
  publishedAt: string | null;
  isArticle: boolean;
  /** og:image first, then the images the page showed (when the scrape asked for them). */
  images: string[];
  fetchedAt: string;
}

export interface PageQuery {
  teamId: string;
  /** Words or phrases; all must match, or any of them with `matchAny`. Empty: every page, newest first. */
  required: string[][];
  excluded: string[][];
  matchAny?: boolean;
  /** Hosts (and their subdomains) results must come from; empty means any. */
  hosts: string[];
  excludedHosts: string[];
  /** Any of these. */
  categories: Category[];
  pdfOnly: boolean;
  fetchedSince?: Date | undefined;
  fetchedUntil?: Date | undefined;
  articlesOnly?: boolean;
  withImages?: boolean;
  order: 'relevance' | 'date';
  limit: number;
}

export interface PageHit {
  url: string;
  title: string;
  description: string;
  /** The passage of the page that matched best, as plain text. */
  snippet: string;
  contentType: string | null;
  publishedAt: string | null;
  images: string[];
  fetchedAt: string;
}

export interface PageStore {
  /** Adds the page, or replaces the team's earlier copy of the same URL. */
  upsert(page: IndexedPage): Promise<void>;
  /** `upsert` of each page, in one transaction: a crawl's pages are indexed in batches. */
  upsertMany(pages: IndexedPage[]): Promise<void>;
  search(query: PageQuery): Promise<PageHit[]>;
}

/** Bounds the index on pages such as huge PDFs; the head of a page carries most of what it is about. */
export const MAX_INDEXED_CHARS = 200_000;

/**
 * Markdown syntax is noise in a one-line snippet: keep the words. The snippet is a
 * window cut from the page's markdown, so a link may be cut off at either end.
 */
export function plainSnippet(text: string): string {
  return text
    .replace(/!\[[^\]]*(\]\([^)]*\)?|$)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/^([^\s[\]]*)\]\([^)]*\)/, '$1')
    .replace(/^[^\s()]*\/[^\s()]*\)/, '')
    .replace(/[[\]#*_`>|]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, ' ')
    .replace(/(^|\s)[-=:+]{3,}(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
