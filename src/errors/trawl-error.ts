import { ERRORS, type ErrorCode, type ErrorEntry } from './codes.js';

export interface TrawlErrorOptions {
  /** Validation issues, an action's index: whatever helps the caller, sent as `details`. */
  details?: unknown;
  /** Extra response headers (`retry-after`). */
  headers?: Record<string, string>;
  /**
   * The status someone else already chose: a scrape engine's (a DNS failure is the
   * caller's 400 or this server's 500) or the web framework's. Everyone else
   * takes the table's.
   */
  status?: number;
}

/**
 * The one error the code throws when a request cannot be answered: a code from
 * the registry and, when the thrower knows more, a message of its own. Where it
 * is thrown nobody knows HTTP; the edge (src/http/errors.ts) turns it into the
 * status and envelope of the contract (§1.7).
 */
export class TrawlError extends Error {
  readonly details: unknown;
  readonly headers: Record<string, string>;
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: TrawlErrorOptions = {},
  ) {
    const entry: ErrorEntry = ERRORS[code];
    super(message ?? entry.message);
    this.name = 'TrawlError';
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.status = options.status ?? entry.status;
  }
}

/** A recognised feature this server does not offer (§1.8). */
export const notImplemented = (feature: string) => new TrawlError('NOT_IMPLEMENTED', `${feature} is not supported by this server`);

/** A limit the caller ran into, with how long to wait before trying again. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new TrawlError('RATE_LIMITED', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
