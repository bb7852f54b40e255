/**
 * Counts requests per key over a rolling window. The in-memory one serves a
 * single process; one shared through Redis can take its place when several
 * processes answer for the same teams.
 */
export interface RateLimiter {
  /** Counts one request against `key` if it fits under `limit`; a refused request is not counted. */
  hit(key: string, limit: number): Promise<RateDecision>;
}

export interface RateDecision {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  consumed: number;
  remaining: number;
  /** When refused: how long until the oldest counted request leaves the window. */
  retryAfterMs: number;
  /** When the window next frees a slot (refused) or fully empties (allowed). */
  resetsAt: Date;
}
