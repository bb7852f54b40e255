import type { Category } from './categories.js';

/**
 * The local search index: every page Trawl fetched for a team, searchable by
 * text. A storage seam like src/store's: the SQLite implementation uses FTS5,
 * a PostgreSQL one would use tsvector/ts_rank and ts_headline behind the same
 * shapes — queries arrive structured, never as engine syntax.
 */
export interface IndexedPage {
  teamId: string;
  url: string;
  title: string;
  description: string;
  markdown: string;
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

export interface PageIndex {
  /** Adds the page, or replaces the team's earlier copy of the same URL. */
  upsert(page: IndexedPage): void;
  search(query: PageQuery): PageHit[];
  close(): void;
}
