import { randomUUID } from 'node:crypto';
import type { HistoricalUsageQuery } from '../api/index.js';
import { TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import { creditBalance, creditsToTokens } from './credits.js';
import { usageHistory } from './history.js';
import { periodBounds } from './period.js';
import { planNames, UnknownPlanError } from './plans.js';
import type { Store } from '../store/store.js';

/**
 * The handlers of §13.1–§13.4. Token figures are the credit figures × 15
 * (seed rule 2), so the two pairs of endpoints always agree.
 */

type Subject = 'credit usage' | 'token usage';

/**
 * §13.1/§13.3 and seed §7: an unknown plan is "usage information could not
 * be found" (404); anything else (typically a storage failure) is a 500
 * naming what was being fetched, with an id that also stands in the log
 * next to the stack.
 */
async function fetching<T>(ctx: RequestContext, subject: Subject, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UnknownPlanError) {
      throw new TrawlError(
        'RESOURCE_NOT_FOUND',
        `Could not find ${subject} information: the team's plan "${err.planName}" is unknown, so its ${subject} ` +
          `information could not be found. Known plans: ${planNames().join(', ')}.`,
      );
    }
    if (err instanceof TrawlError) throw err;
    const exceptionId = randomUUID();
    ctx.req.log.error({ err, exceptionId }, `fetching ${subject} failed`);
    throw new TrawlError(
      'UNKNOWN_ERROR',
      `There was an internal server error while fetching ${subject}. Your exception ID is ${exceptionId}`,
    );
  }
}

export async function getCreditUsage(deps: { store: Store }, ctx: RequestContext) {
  return fetching(ctx, 'credit usage', async () => {
    const b = await creditBalance(deps.store, ctx.team);
    const { start, end } = periodBounds(b.period);
    return {
      success: true,
      data: { remainingCredits: b.remainingCredits, planCredits: b.planCredits, billingPeriodStart: start, billingPeriodEnd: end },
    };
  });
}

export async function getTokenUsage(deps: { store: Store }, ctx: RequestContext) {
  return fetching(ctx, 'token usage', async () => {
    const b = await creditBalance(deps.store, ctx.team);
    const { start, end } = periodBounds(b.period);
    return {
      success: true,
      data: {
        remainingTokens: creditsToTokens(b.remainingCredits),
        planTokens: creditsToTokens(b.planCredits),
        billingPeriodStart: start,
        billingPeriodEnd: end,
      },
    };
  });
}

export async function getCreditUsageHistorical(deps: { store: Store }, ctx: RequestContext<unknown, HistoricalUsageQuery>) {
  return fetching(ctx, 'credit usage', async () => {
    const periods = await usageHistory(deps.store, ctx.team, { byApiKey: ctx.query.byApiKey });
    return {
      success: true,
      periods: periods.map((p) => {
        const { start, end } = periodBounds(p.period);
        return { startDate: start, endDate: end, apiKey: p.apiKey, creditsUsed: p.credits, totalCredits: p.credits };
      }),
    };
  });
}

export async function getTokenUsageHistorical(deps: { store: Store }, ctx: RequestContext<unknown, HistoricalUsageQuery>) {
  return fetching(ctx, 'token usage', async () => {
    const periods = await usageHistory(deps.store, ctx.team, { byApiKey: ctx.query.byApiKey });
    return {
      success: true,
      periods: periods.map((p) => {
        const { start, end } = periodBounds(p.period);
        return { startDate: start, endDate: end, apiKey: p.apiKey, tokensUsed: p.tokens, totalTokens: p.tokens };
      }),
    };
  });
}
