import { rateLimited } from '../../errors/trawl-error.js';
import type { Guard } from '../../http/route.js';
import { rateLimitOf } from '../plans.js';
import type { RateLimiter } from '../rate-limiter.js';

/**
 * §1.9: per team, per endpoint class, per rolling minute, with the limits of
 * the team's plan. Runs before validation so that malformed requests count.
 */
export function rateLimitGuard(limiter: RateLimiter): Guard {
  return {
    name: 'rate-limit',
    stage: 'pre',
    async run({ route, team }) {
      if (route.rateClass === 'none') return;
      const limit = rateLimitOf(team.plan, route.rateClass);
      const d = await limiter.hit(`${team.id}:${route.rateClass}`, limit);
      if (d.allowed) return;
      const seconds = Math.max(1, Math.ceil(d.retryAfterMs / 1000));
      throw rateLimited(
        `Rate limit exceeded. Consumed (req/min): ${d.consumed}, Remaining (req/min): ${d.remaining}. ` +
          `The team's plan allows ${limit} ${route.rateClass} requests per minute; ` +
          `please retry after ${seconds}s, resets at ${d.resetsAt.toISOString()}`,
        seconds,
      );
    },
  };
}
