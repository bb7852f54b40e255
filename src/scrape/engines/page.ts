import type { ActionResults, Capture } from '../../browser/index.js';
import type { BrandingProfile } from '../../api/format-results.js';

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
  /** The `branding` format, measured in the rendered page (browser engine). */
  branding?: BrandingProfile;
  warnings: string[];
}
