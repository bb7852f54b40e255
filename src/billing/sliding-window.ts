import type { RateDecision, RateLimiter } from './rate-limiter.js';

/** Times of the requests still in the window, oldest first, read from `head`. */
interface Log {
  times: number[];
  head: number;
}

/**
 * An exact sliding-window log: a request is allowed when fewer than `limit`
 * requests were allowed in the last `windowMs`. Memory per key is bounded by
 * its limit, and keys are teams × endpoint classes, so nothing grows without
 * bound. Refused requests are not logged, so a client that keeps hammering
 * still gets in as soon as the window has room.
 */
export class SlidingWindowLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number): Promise<RateDecision> {
    const now = this.now();
    const log = this.logs.get(key) ?? { times: [], head: 0 };
    const cutoff = now - this.windowMs;
    while (log.head < log.times.length && log.times[log.head]! <= cutoff) log.head++;
    // Compact once the dead prefix is at least half the array: amortised O(1).
    if (log.head > 0 && log.head * 2 >= log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    const inWindow = log.times.length - log.head;
    if (inWindow >= limit) {
      this.logs.set(key, log);
      const oldest = log.times[log.head] ?? now;
      const freeAt = oldest + this.windowMs;
      return { allowed: false, consumed: inWindow, remaining: 0, retryAfterMs: freeAt - now, resetsAt: new Date(freeAt) };
    }
    log.times.push(now);
    this.logs.set(key, log);
    return {
      allowed: true,
      consumed: inWindow + 1,
      remaining: limit - inWindow - 1,
      retryAfterMs: 0,
      resetsAt: new Date(now + this.windowMs),
    };
  }
}
