import { TrawlError } from '../../errors/trawl-error.js';
import type { Guard, RouteSpec } from '../../http/route.js';
import type { Store } from '../../store/store.js';
import { creditBalance, creditsToTokens } from '../credits.js';
import { periodBounds } from '../period.js';
import { planNames, UnknownPlanError } from '../plans.js';

/** Extract and agent are budgeted in tokens (§13.3), so their refusal speaks of tokens (§1.7). */
const speaksTokens = (route: RouteSpec) => route.rateClass === 'extract';

/**
 * §1.10: a request that needs more credits than the team has left is refused
 * with 402 before any work starts. What the work really costs is charged
 * when it is done (credits.ts `charge`).
 */
export function creditGuard(store: Store): Guard {
  return {
    name: 'credits',
    stage: 'post',
    async run({ route, body, team }) {
      const required = route.creditsRequired?.(body) ?? 0;
      if (required <= 0) return;
      const unit = speaksTokens(route) ? 'tokens' : 'credits';
      let balance;
      try {
        balance = await creditBalance(store, team);
      } catch (err) {
        if (!(err instanceof UnknownPlanError)) throw err;
        throw new TrawlError(
          'PAYMENT_REQUIRED',
          `Insufficient ${unit} to perform this request. The team's plan "${err.planName}" is not a plan this server ` +
            `knows, so it has no ${unit}; ask the operator to give the team one of: ${planNames().join(', ')}.`,
        );
      }
      if (balance.remainingCredits >= required) return;
      const amount = (credits: number) => (unit === 'tokens' ? creditsToTokens(credits) : credits);
      throw new TrawlError(
        'PAYMENT_REQUIRED',
        `Insufficient ${unit} to perform this request. It needs ${amount(required)} ${unit} and the team has ` +
          `${amount(balance.remainingCredits)} left in the billing period ending ${periodBounds(balance.period).end}. ` +
          `Lower the request's limit, or ask the operator for a larger plan.`,
      );
    },
  };
}
