import type { ScrapeOptions } from '../../api/index.js';
import type { Format, FormatType } from '../../api/formats.js';
import type { Document } from '../../api/document.js';
import type { Llm, PageInput, TokenUsage } from '../../llm/types.js';
import type { Store } from '../../store/store.js';

/** The shape of a format read from a Document's content (src/scrape/derived.ts runs them). */

export type DeriveOptions = Pick<ScrapeOptions, 'formats' | 'timeout'> &
  Partial<Pick<ScrapeOptions, 'onlyCleanContent' | 'checkPromptInjection' | 'redactPII'>>;

export interface DeriveContext {
  /** The Document so far; each deriver adds its own field. */
  doc: Document;
  /** The page as models read it; `html` (as received) only when the page was fetched just now. */
  page: PageInput;
  /** Scrape options, or parse options (an upload is derived from the same way). */
  options: DeriveOptions;
  /** The URL as requested (normalised, before redirects): a page's history follows it. */
  url: string;
  /** Nothing about this request may be kept (`zeroDataRetention`, parse uploads). */
  zeroDataRetention: boolean;
  teamId: string;
  apiKeyId: string | null;
  scrapeId: string;
  fromCache: boolean;
  llm: Llm;
  store: Store;
  /** Aborts at the scrape's deadline: what is unfinished then becomes a warning. */
  signal: AbortSignal;
}

export interface DerivedOutcome {
  usage: TokenUsage;
  warnings: string[];
  /** False when a requested format could not be produced: such a Document is not cached. */
  complete: boolean;
}

export interface Deriver<F extends Format = Format> {
  format: FormatType;
  /** Formats whose derivers must have finished first (their results are read from `ctx.doc`). */
  needs?: FormatType[];
  derive(ctx: DeriveContext, format: F): Promise<DerivedOutcome>;
}
