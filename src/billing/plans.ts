import type { RateClass } from './rate-class.js';

/** The endpoint classes that carry a per-minute limit; `none` (public documents) has none. */
export type LimitedClass = Exclude<RateClass, 'none'>;

export type RateLimits = Readonly<Record<LimitedClass, number>>;

export interface Plan {
  name: string;
  /** Credits per billing period (a calendar month in UTC, see period.ts). */
  credits: number;
  /** An unlimited plan records what it uses but never runs out. */
  unlimited: boolean;
  /** Requests per rolling minute, per endpoint class (§1.9). */
  rateLimits: RateLimits;
  /** Pages the team may have scraped at once; more work waits in the queue (§1.9). */
  concurrency: number;
}

/**
 * §1.10: "unlimited" still has to be reported as an integer the Python SDK can
 * model as `int`, so it is this number, never Infinity.
 */
export const UNLIMITED_CREDITS = 999_999_999;

/** The reference defaults of §1.9, used for a team whose plan this server does not know. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  scrape: 100,
  search: 100,
  map: 100,
  crawl: 15,
  extract: 100,
  crawlStatus: 25_000,
  extractStatus: 25_000,
};

const plan = (p: Plan): Plan => Object.freeze(p);

/**
 * The catalog. Limits grow with the plan; `standard` is exactly the reference
 * defaults. `unlimited` is what the default team (and, unless
 * TRAWL_DEFAULT_PLAN says otherwise, every declared team) runs on, so a
 * self-hosted server is not held back by the small plans' numbers.
 */
export type PlanName = 'free' | 'hobby' | 'standard' | 'growth' | 'unlimited';

export const PLANS: Readonly<Record<PlanName, Plan>> = Object.freeze({
  free: plan({
    name: 'free',
    credits: 500,
    unlimited: false,
    rateLimits: { scrape: 10, search: 5, map: 10, crawl: 1, extract: 10, crawlStatus: 1_500, extractStatus: 500 },
    concurrency: 2,
  }),
  hobby: plan({
    name: 'hobby',
    credits: 3_000,
    unlimited: false,
    rateLimits: { scrape: 50, search: 50, map: 50, crawl: 5, extract: 50, crawlStatus: 5_000, extractStatus: 5_000 },
    concurrency: 5,
  }),
  standard: plan({
    name: 'standard',
    credits: 100_000,
    unlimited: false,
    rateLimits: DEFAULT_RATE_LIMITS,
    concurrency: 50,
  }),
  growth: plan({
    name: 'growth',
    credits: 500_000,
    unlimited: false,
    rateLimits: { scrape: 1_000, search: 500, map: 1_000, crawl: 50, extract: 500, crawlStatus: 25_000, extractStatus: 25_000 },
    concurrency: 100,
  }),
  unlimited: plan({
    name: 'unlimited',
    credits: UNLIMITED_CREDITS,
    unlimited: true,
    rateLimits: { scrape: 1_000, search: 500, map: 1_000, crawl: 50, extract: 500, crawlStatus: 25_000, extractStatus: 25_000 },
    concurrency: 100,
  }),
});

export const planNames = (): string[] => Object.keys(PLANS);

/** A team whose plan name is not in the catalog (a typo in TRAWL_DEFAULT_PLAN, a removed plan). */
export class UnknownPlanError extends Error {
  constructor(readonly planName: string) {
    super(`The plan "${planName}" is not a known plan (known plans: ${planNames().join(', ')})`);
    this.name = 'UnknownPlanError';
  }
}

export function findPlan(name: string): Plan | undefined {
  return Object.hasOwn(PLANS, name) ? PLANS[name as PlanName] : undefined;
}

export function planOf(name: string): Plan {
  const p = findPlan(name);
  if (!p) throw new UnknownPlanError(name);
  return p;
}

/** Requests per minute for one class; an unknown plan falls back to the reference defaults. */
export function rateLimitOf(planName: string, rateClass: LimitedClass): number {
  return (findPlan(planName)?.rateLimits ?? DEFAULT_RATE_LIMITS)[rateClass];
}

/**
 * Pages scraped at once for a team of this plan (the job queue's per-team
 * limit). An unknown plan gets the smallest plan's, so a misconfigured team
 * can neither stall its jobs nor crowd out the others.
 */
export function concurrencyOf(plan: Plan | string): number {
  return typeof plan === 'string' ? (findPlan(plan)?.concurrency ?? PLANS.free.concurrency) : plan.concurrency;
}
