import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

// The same exact sliding-window log as the in-memory limiter, as a sorted set
// of request times, checked and written in one script so that processes
// counting the same team never both take the last slot. Redis's clock is the
// one clock all of them share.
const HIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, n, now, tonumber(oldest[2] or now)}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, n + 1, now, now}`;

/** The rate limiter of processes that answer for the same teams (REDIS_URL). */
export class RedisSlidingWindowLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string, limit: number): Promise<RateDecision> {
    const [allowed, consumed, now, oldest] = (await this.redis.eval(
      HIT,
      1,
      `${this.keyPrefix}:rate:${key}`,
      String(this.windowMs),
      String(limit),
      randomUUID(),
    )) as [number, number, number, number];
    if (!allowed) {
      const freeAt = oldest + this.windowMs;
      return { allowed: false, consumed, remaining: 0, retryAfterMs: freeAt - now, resetsAt: new Date(freeAt) };
    }
    return { allowed: true, consumed, remaining: limit - consumed, retryAfterMs: 0, resetsAt: new Date(now + this.windowMs) };
  }
}
