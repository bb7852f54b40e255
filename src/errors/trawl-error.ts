import { ERRORS, type ErrorCode, type ErrorEntry, type ErrorVariant } from './codes.js';

export interface TrawlErrorOptions {
  /** Validation issues, an action's index: whatever helps the caller, sent as `details`. */
  details?: unknown;
  /** Extra response headers (`retry-after`). */
  headers?: Record<string, string>;
  /** The cause, named in the registry, for which this code answers another status. */
  variant?: ErrorVariant;
  /** The status the web framework already chose for a refusal of its own. Everyone else takes the table's. */
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
    const variant = options.variant && entry.variants?.[options.variant];
    if (options.variant && variant === undefined) throw new Error(`${code} has no variant "${options.variant}" in src/errors/codes.ts`);
    this.status = options.status ?? variant ?? entry.status;
  }
}

/** A recognised feature this server does not offer (§1.8). */
export const notImplemented = (feature: string) => new TrawlError('NOT_IMPLEMENTED', `${feature} is not supported by this server`);

/** A limit the caller ran into, with how long to wait before trying again. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new TrawlError('RATE_LIMITED', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
