/**
 * Every failure the client raises is a TrawlError, so callers need one
 * `instanceof` check; the subclasses let them pick out the cases a person
 * acts on differently (a bad key, no credits, slow down, server not reachable).
 */
export class TrawlError extends Error {
  /** HTTP status of the answer; 0 when no answer came (network failure, client-side timeout). */
  readonly status: number;
  /**
   * Machine-readable code: the server's (`SCRAPE_TIMEOUT`, …), else one named after the
   * status (`UNAUTHORIZED` for a 401, see STATUS_CODES); undefined only when no answer came.
   */
  readonly code: string | undefined;
  /** The server's `details` (validation issues, …), else its whole error body. */
  readonly details: unknown;

  constructor(message: string, opts: { status?: number; code?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.status = opts.status ?? 0;
    this.code = opts.code;
    this.details = opts.details;
  }
}

/** 400: the request was rejected as invalid; `details` lists the issues. */
export class BadRequestError extends TrawlError {}
/** 401: no key, or a key the server does not know. */
export class UnauthorizedError extends TrawlError {}
/** 402: the team has not enough credits left for this request. */
export class PaymentRequiredError extends TrawlError {}
/** 403: the target is block-listed, or the job belongs to another team. */
export class ForbiddenError extends TrawlError {}
/** 404: unknown or expired job, monitor, session. */
export class NotFoundError extends TrawlError {}
/** 408: the server gave up within the request's own `timeout`. */
export class RequestTimeoutError extends TrawlError {}
/** 429: rate limited; thrown once the retries are used up (or the wait asked for is too long). */
export class RateLimitError extends TrawlError {
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  constructor(message: string, opts: ConstructorParameters<typeof TrawlError>[1] & { retryAfter?: number }) {
    super(message, opts);
    this.retryAfter = opts.retryAfter;
  }
}
/** 501: this server does not implement the feature. */
export class NotImplementedError extends TrawlError {}
/** No HTTP answer at all: the server is unreachable, or the request timed out on the client. */
export class ConnectionError extends TrawlError {}
/** A waiter or watcher gave up after its `timeout`; the job itself keeps running on the server. */
export class JobTimeoutError extends TrawlError {
  readonly jobId: string;
  constructor(jobId: string, seconds: number) {
    super(`Job ${jobId} did not finish within ${seconds} s (it keeps running on the server)`);
    this.jobId = jobId;
  }
}
/** The job ended as `failed`. */
export class JobFailedError extends TrawlError {
  readonly jobId: string;
  constructor(jobId: string, message: string) {
    super(message);
    this.jobId = jobId;
  }
}

const BY_STATUS: Record<number, typeof TrawlError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: ForbiddenError,
  404: NotFoundError,
  408: RequestTimeoutError,
  501: NotImplementedError,
};

/** Codes for answers that carry none (a 401 is `{"success":false,"error":"Unauthorized"}`), so `err.code` is always set. */
export const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  501: 'NOT_IMPLEMENTED',
};

/**
 * The readable reasons of a validation 400's `details` (`path: message`) that
 * `error` does not already say: Firecrawl sends a bare "Bad Request", Trawl
 * its first reason, and the caller should read every one in the message.
 */
function unsaidReasons(error: string, details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  const reasons: string[] = [];
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    if (typeof issue?.message !== 'string') continue;
    const at = Array.isArray(issue.path) && issue.path.length ? `${issue.path.join('.')}: ` : '';
    const reason = `${at}${issue.message}`;
    if (!error.includes(reason)) reasons.push(reason);
  }
  return reasons;
}

/** The error for a non-200 answer, from the §1.7 envelope `{error, code, details}`. */
export function errorFromResponse(status: number, body: unknown, retryAfter?: number): TrawlError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown; code?: unknown; details?: unknown };
  const said = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`;
  const unsaid = unsaidReasons(said, b.details);
  const text = unsaid.length ? `${said}; ${unsaid.join('; ')}` : said;
  const code = typeof b.code === 'string' ? b.code : (STATUS_CODES[status] ?? (status >= 500 ? 'SERVER_ERROR' : `HTTP_${status}`));
  const opts = { status, code, details: b.details ?? body };
  if (status === 429) return new RateLimitError(text, { ...opts, retryAfter });
  const Kind = BY_STATUS[status] ?? TrawlError;
  return new Kind(text, opts);
}
