import type { ActionResults, Capture } from '../../browser/index.js';

/** What an engine fetched, before any format is derived from it. */
export interface FetchedPage {
  engine: 'http' | 'browser';
  /** Final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  contentType: string | undefined;
  /** Raw bytes as received (HTTP engine). */
  body?: Buffer;
  /** The DOM serialised after rendering and actions (browser engine). */
  html?: string;
  screenshot?: Capture;
  actions?: ActionResults;
  warnings: string[];
}
