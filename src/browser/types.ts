/**
 * What the browser engine is asked to do and what it hands back. Shapes follow the wire
 * contract (§2.1, §2.3, §2.5) but stay structural, so the validated API types are
 * assignable to them without this layer importing the API schemas.
 */

export interface Viewport {
  width: number;
  height: number;
}

export interface ScreenshotOptions {
  /** Full scroll height instead of the viewport; capped for very tall pages (see `warnings`). */
  fullPage?: boolean;
  /** JPEG at this quality (1–100); PNG when absent. */
  quality?: number;
  viewport?: Viewport;
}

export type PdfFormat = 'A0' | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'Letter' | 'Legal' | 'Tabloid' | 'Ledger';

export type BrowserAction =
  | { type: 'wait'; milliseconds?: number; selector?: string }
  | { type: 'click'; selector: string; all?: boolean }
  | { type: 'write'; text: string }
  | { type: 'press'; key: string }
  | { type: 'scroll'; direction?: 'up' | 'down'; selector?: string }
  | ({ type: 'screenshot' } & ScreenshotOptions)
  | { type: 'scrape' }
  | { type: 'executeJavascript'; script: string }
  | { type: 'pdf'; format?: PdfFormat; landscape?: boolean; scale?: number };

export interface RenderLocation {
  /** ISO 3166-1 alpha-2 or `US-generic`; default `US`. */
  country?: string;
  /** Preference order, e.g. `["de-DE", "en"]`; default the country's main language. */
  languages?: string[];
}

export interface RenderRequest {
  url: string;
  /** Sent to the target. `user-agent` becomes the browser's UA, `cookie` becomes cookies for the URL. */
  headers?: Record<string, string>;
  /** Extra delay after load, before actions. */
  waitFor?: number;
  mobile?: boolean;
  location?: RenderLocation;
  /** Default true (§2.1). */
  skipTlsVerification?: boolean;
  /** Default true (§2.1). */
  blockAds?: boolean;
  /** Hard budget in ms for the whole render, queueing included. Default 60 000. */
  timeout?: number;
  actions?: BrowserAction[];
  /** Take the `screenshot` format after the actions. */
  screenshot?: ScreenshotOptions;
  /**
   * Operator's forward proxy URL that this render's traffic goes through, still under the
   * egress rules; direct when absent.
   */
  upstreamProxy?: string;
  signal?: AbortSignal;
}

export interface Capture {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'application/pdf';
}

export interface JavascriptReturn {
  /** `typeof` of the value, taken in the page. */
  type: string;
  /** JSON-compatible copy; `undefined` for values that have none (functions, symbols). */
  value: unknown;
}

export interface ActionResults {
  screenshots: Capture[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: JavascriptReturn[];
  pdfs: Capture[];
}

export interface RenderResult {
  /** Page URL at capture time (after redirects and any navigation the actions caused). */
  url: string;
  /** Of the last main-frame document response. */
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  contentType: string | undefined;
  /** Rendered DOM serialised by the browser. */
  html: string;
  screenshot?: Capture;
  actions: ActionResults;
  /** Things the caller should pass on as the Document's `warning`, e.g. a capped screenshot. */
  warnings: string[];
  timings: {
    /** Waiting for a free page slot. */
    queuedMs: number;
    totalMs: number;
  };
}
