import type { LedgerEntry } from '../store/ledger.js';
import type { Store } from '../store/store.js';
import type { Team } from '../store/teams.js';
import { billingPeriodOf, type BillingPeriod } from './period.js';
import { planOf, type Plan } from './plans.js';

/** Seed rule 2: one credit equals 15 tokens; token figures are credit figures × 15. */
export const TOKENS_PER_CREDIT = 15;

export const creditsToTokens = (credits: number): number => credits * TOKENS_PER_CREDIT;

/** Work metered in tokens (model usage) is billed in whole credits, rounded up. */
export const tokensToCredits = (tokens: number): number => Math.ceil(tokens / TOKENS_PER_CREDIT);

export interface CreditBalance {
  plan: Plan;
  period: BillingPeriod;
  planCredits: number;
  usedCredits: number;
  /** Never negative, even when charges ran past the plan (a crawl is clamped, not stopped). */
  remainingCredits: number;
}

/**
 * The team's credits in the billing period containing `now`. Throws
 * UnknownPlanError for a plan the catalog does not have.
 */
export async function creditBalance(store: Store, team: Team, now: Date = new Date()): Promise<CreditBalance> {
  const plan = planOf(team.plan);
  const period = billingPeriodOf(now);
  const usedCredits = await store.ledger.creditsUsed(team.id, period.month);
  const remainingCredits = plan.unlimited ? plan.credits : Math.max(0, plan.credits - usedCredits);
  return { plan, period, planCredits: plan.credits, usedCredits, remainingCredits };
}

export type ChargeInput = {
  teamId: string;
  apiKeyId: string | null;
  /** What was charged for: `scrape`, `search`, `crawl`, `extract`, … */
  kind: string;
  jobId?: string | null;
  at?: Date;
} & ({ credits: number } | { tokens: number });

/**
 * Records what a piece of work cost. Called once the work is done (the
 * guard only checks the balance beforehand), so a failed request costs
 * nothing. Unlimited teams are charged too: their usage still shows.
 */
export async function charge(store: Store, input: ChargeInput): Promise<LedgerEntry> {
  const credits = 'credits' in input ? input.credits : tokensToCredits(input.tokens);
  const amount = 'credits' in input ? input.credits : input.tokens;
  if (!(amount >= 0) || !Number.isSafeInteger(credits)) {
    throw new RangeError(`A charge must be a non-negative whole number of credits, not ${amount}`);
  }
  return store.ledger.record({
    teamId: input.teamId,
    apiKeyId: input.apiKeyId,
    credits,
    tokens: creditsToTokens(credits),
    kind: input.kind,
    jobId: input.jobId ?? null,
    ...(input.at ? { createdAt: input.at.toISOString() } : {}),
  });
}
