import type { ChangeTracking } from '../changes/track.js';

/** The Document of the wire contract (§2.6): what a scrape, a batch or a crawl page answers. */

export interface DocumentMetadata {
  sourceURL: string;
  url: string;
  statusCode: number;
  scrapeId: string;
  contentType?: string;
  error?: string;
  title?: string;
  description?: string;
  language?: string;
  numPages?: number;
  totalPages?: number;
  proxyUsed: 'basic' | 'stealth';
  cacheState: 'hit' | 'miss';
  cachedAt?: string;
  creditsUsed: number;
  concurrencyLimited?: boolean;
  concurrencyQueueDurationMs?: number;
  [key: string]: unknown;
}

export interface Document {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  screenshot?: string;
  /** The `summary` format (src/scrape/derived.ts). */
  summary?: string;
  /** The `json` format: conforms to its schema when one was given. */
  json?: unknown;
  /** The `changeTracking` format: this page compared with the team's previous scrape of it (src/changes). */
  changeTracking?: ChangeTracking;
  actions?: {
    screenshots: string[];
    scrapes: { url: string; html: string }[];
    javascriptReturns: { type: string; value: unknown }[];
    pdfs: string[];
  };
  pages?: { pageNumber: number; markdown: string }[];
  warning?: string;
  metadata: DocumentMetadata;
}
