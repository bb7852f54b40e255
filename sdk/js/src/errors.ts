/**
 * Every failure the client raises is a TrawlError, so callers need one
 * `instanceof` check; the subclasses let them pick out the cases a person
 * acts on differently (a bad key, no credits, slow down, server not reachable).
 */
export class TrawlError extends Error {
  /** HTTP status of the answer; 0 when no answer came (network failure, client-side timeout). */
  readonly status: number;
  /** Machine-readable code from the server (`SCRAPE_TIMEOUT`, `BAD_REQUEST`, …), when it sent one. */
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

/** The error for a non-200 answer, from the §1.7 envelope `{error, code, details}`. */
export function errorFromResponse(status: number, body: unknown, retryAfter?: number): TrawlError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; message?: unknown; code?: unknown; details?: unknown };
  const text = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`;
  const opts = { status, code: typeof b.code === 'string' ? b.code : undefined, details: b.details ?? body };
  if (status === 429) return new RateLimitError(text, { ...opts, retryAfter });
  const Kind = BY_STATUS[status] ?? TrawlError;
  return new Kind(text, opts);
}
