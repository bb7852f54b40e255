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
