import type { Config } from '../../config.js';
import type { Guard } from '../../http/route.js';
import type { Store } from '../../store/store.js';
import type { RateLimiter } from '../rate-limiter.js';
import { SlidingWindowLimiter } from '../sliding-window.js';
import { creditGuard } from './credits.js';
import { idempotencyGuard } from './idempotency.js';
import { rateLimitGuard } from './rate-limit.js';

/**
 * The guards every API request passes: rate limit (unless
 * TRAWL_RATE_LIMITS=off), credits, and idempotency last, so that a request
 * refused by the others never writes its key.
 */
export function billingGuards(config: Config, store: Store, limiter: RateLimiter = new SlidingWindowLimiter()): Guard[] {
  return [...(config.rateLimits ? [rateLimitGuard(limiter)] : []), creditGuard(store), idempotencyGuard(store)];
}
