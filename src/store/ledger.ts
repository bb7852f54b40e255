/**
 * Every charge a team incurs, one row each: what the credit and token figures
 * of the usage endpoints are summed from. Rows are never updated or deleted
 * (only with their team), so a month's usage stays what it was.
 */

export interface LedgerEntry {
  id: string;
  teamId: string;
  /** The key the request came with; null when authentication is off. */
  apiKeyId: string | null;
  credits: number;
  tokens: number;
  /** What was charged for, e.g. `scrape`, `crawl`, `extract`. */
  kind: string;
  jobId: string | null;
  /** ISO-8601 UTC (`toISOString()`), so that string order is time order. */
  createdAt: string;
}

export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'createdAt'> & { createdAt?: string };

export interface MonthlyUsage {
  /** `YYYY-MM` (UTC). */
  month: string;
  /** Set only when grouped by key; null for charges made without a key. */
  apiKeyId: string | null;
  apiKeyName: string | null;
  credits: number;
  tokens: number;
}

export interface LedgerStore {
  record(entry: NewLedgerEntry): Promise<LedgerEntry>;
  /** Credits charged to the team in one month (`YYYY-MM`, UTC). */
  creditsUsed(teamId: string, month: string): Promise<number>;
  /** Usage per month, or per (month, key) with `byApiKey`; only months with charges. */
  usageByMonth(teamId: string, opts: { byApiKey: boolean }): Promise<MonthlyUsage[]>;
}
