import type { Store } from '../store/store.js';
import type { Team } from '../store/teams.js';
import { billingPeriodOf, billingPeriodOfMonth, previousPeriod, type BillingPeriod } from './period.js';

export interface UsagePeriod {
  period: BillingPeriod;
  /** Key name when grouped by key; null otherwise, or for usage made without a key. */
  apiKey: string | null;
  credits: number;
  tokens: number;
}

/**
 * Usage per billing month, newest first (§13.2). Per team, every month from
 * the team's first month to the current one is listed, quiet months as 0, so
 * a new team sees its current period. Per key, only (month, key) pairs that
 * have usage are listed: a key that did nothing has no line to show.
 */
export async function usageHistory(
  store: Store,
  team: Team,
  opts: { byApiKey: boolean; now?: Date },
): Promise<UsagePeriod[]> {
  const rows = await store.ledger.usageByMonth(team.id, { byApiKey: opts.byApiKey });
  if (opts.byApiKey) {
    return rows.map((r) => ({
      period: billingPeriodOfMonth(r.month),
      apiKey: r.apiKeyName,
      credits: r.credits,
      tokens: r.tokens,
    }));
  }
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = [...byMonth.keys(), billingPeriodOf(new Date(team.createdAt)).month].sort();
  const first = months[0]!;
  const newest = months[months.length - 1]!;
  const current = billingPeriodOf(opts.now ?? new Date());
  // Charges dated after `now` (clock skew between processes) still show.
  const last = newest > current.month ? billingPeriodOfMonth(newest) : current;
  const out: UsagePeriod[] = [];
  for (let p = last; p.month >= first; p = previousPeriod(p)) {
    const r = byMonth.get(p.month);
    out.push({ period: p, apiKey: null, credits: r?.credits ?? 0, tokens: r?.tokens ?? 0 });
  }
  return out;
}
