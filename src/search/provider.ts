import type { Category } from '../api/categories.js';
import type { TimeFilter } from './time-filter.js';

/**
 * The seam between the search route and whatever answers the query. Adapters
 * return SERP fields only; positions, limits across providers, scraping and
 * credits are the route's business.
 */
export type SearchSource = 'web' | 'news' | 'images';

export interface SourceOptions {
  tbs?: TimeFilter | undefined;
  location?: string | undefined;
  country?: string | undefined;
  lang?: string | undefined;
}

export interface SearchParams {
  query: string;
  /** Each requested source with the options it inherited (§5.1). */
  sources: Partial<Record<SearchSource, SourceOptions>>;
  /** Per source. */
  limit: number;
  teamId: string;
  categories: Category[];
  includeDomains: string[];
  excludeDomains: string[];
  safe?: boolean | undefined;
  signal: AbortSignal;
}

export interface WebHit {
  url: string;
  title?: string;
  description?: string;
  category?: Category;
}

export interface NewsHit {
  url: string;
  title?: string;
  snippet?: string;
  date?: string;
  imageUrl?: string;
}

export interface ImageHit {
  imageUrl: string;
  url?: string;
  title?: string;
  imageWidth?: number;
  imageHeight?: number;
}

export interface SearchHits {
  web?: WebHit[];
  news?: NewsHit[];
  images?: ImageHit[];
  /** Something the caller should know about these hits (a source the provider cannot serve…). */
  warnings?: string[];
}

export interface SearchProvider {
  readonly name: string;
  search(params: SearchParams): Promise<SearchHits>;
}
