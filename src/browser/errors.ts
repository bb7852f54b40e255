export type BrowserErrorCode =
  /** No usable Chromium, or it would not start. */
  | 'BROWSER_UNAVAILABLE'
  /** The request's overall `timeout` ran out (goto, actions and capture together). */
  | 'BROWSER_TIMEOUT'
  /** An action failed; `actionIndex` says which one. */
  | 'BROWSER_ACTION'
  /** The page could not be loaded for a reason other than the egress guard. */
  | 'BROWSER_NAVIGATION'
  /** Chromium died while this render was using it; the next render relaunches it. */
  | 'BROWSER_CRASHED'
  /** The engine is closed. */
  | 'BROWSER_CLOSED'
  /** The caller's signal aborted the render. */
  | 'BROWSER_ABORTED'
  /** Chromium or Playwright failed in some other way (the original is the `cause`). */
  | 'BROWSER_FAILED';

export interface BrowserErrorDetails {
  url?: string;
  /** 0-based position of the failing action in the request's `actions`. */
  actionIndex?: number;
  actionType?: string;
  /** Chromium's network error name, e.g. `ERR_CERT_AUTHORITY_INVALID`, for navigation failures. */
  netError?: string;
  cause?: unknown;
}

export class BrowserError extends Error {
  override readonly name = 'BrowserError';
  readonly code: BrowserErrorCode;
  readonly url: string | undefined;
  readonly actionIndex: number | undefined;
  readonly actionType: string | undefined;
  readonly netError: string | undefined;

  constructor(code: BrowserErrorCode, message: string, details: BrowserErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.url = details.url;
    this.actionIndex = details.actionIndex;
    this.actionType = details.actionType;
    this.netError = details.netError;
  }
}

export function isBrowserError(err: unknown): err is BrowserError {
  return err instanceof BrowserError;
}
