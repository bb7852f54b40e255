import type { ChangeTracking } from '../changes/track.js';
import type { PdfPageBlocks } from '../scrape/documents/pdf-blocks.js';
import type { AttributeValues, BrandingProfile, MenuProfile, ProductProfile, PromptInjectionResult } from './format-results.js';

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
  /** Absent when the cache was not consulted (maxAge 0, changeTracking, actions, headers), as Firecrawl does. */
  cacheState?: 'hit' | 'miss';
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
  /** The `audio` format: the page's audio (or a video's sound track) as an MP3 served by Trawl. */
  audio?: string;
  /** The `video` format: the page's video file, served by Trawl. */
  video?: string;
  /** The `summary` format (src/scrape/derived.ts). */
  summary?: string;
  /** The `json` format: conforms to its schema when one was given. */
  json?: unknown;
  /** The `changeTracking` format: this page compared with the team's previous scrape of it (src/changes). */
  changeTracking?: ChangeTracking;
  /** The `question` (or `query`) format: the answer to the question about the page. */
  answer?: string;
  /** The `highlights` format: the page's passages most relevant to the query, joined by blank lines. */
  highlights?: string;
  /** The `attributes` format: per selector, the attribute's values. */
  attributes?: AttributeValues[];
  /** The `product` format (the SDKs' ProductProfile). */
  product?: ProductProfile;
  /** The `menu` format (the SDKs' MenuProfile). */
  menu?: MenuProfile;
  /** The `branding` format: measured in the rendered page (the SDKs' BrandingProfile). */
  branding?: BrandingProfile;
  /** `checkPromptInjection`: what the scan of the page's text found. */
  promptInjection?: PromptInjectionResult;
  actions?: {
    screenshots: string[];
    scrapes: { url: string; html: string }[];
    javascriptReturns: { type: string; value: unknown }[];
    pdfs: string[];
  };
  pages?: { pageNumber: number; markdown: string }[];
  /** PDF layout blocks per page, when `parsers[].blocks` asked for them. */
  blocks?: PdfPageBlocks[];
  warning?: string;
  metadata: DocumentMetadata;
}
