/**
 * A billing period is a calendar month in UTC: every team's credits renew at
 * 00:00:00Z on the first of the month, whatever day the team was created.
 * One rule for all teams keeps the historical figures (one entry per month)
 * comparable across teams and needs no per-team anchor date.
 */
export interface BillingPeriod {
  /** `YYYY-MM` of the month, the key the ledger groups by. */
  month: string;
  /** First instant of the period. */
  start: Date;
  /** First instant after the period (exclusive bound). */
  end: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function periodAt(year: number, monthIndex: number): BillingPeriod {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const end = new Date(Date.UTC(year, monthIndex + 1, 1));
  return { month: `${pad(start.getUTCFullYear(), 4)}-${pad(start.getUTCMonth() + 1)}`, start, end };
}

export function billingPeriodOf(at: Date): BillingPeriod {
  return periodAt(at.getUTCFullYear(), at.getUTCMonth());
}

/** The period of a `YYYY-MM` month key. */
export function billingPeriodOfMonth(month: string): BillingPeriod {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return periodAt(Number(m[1]), Number(m[2]) - 1);
}

/** The period just before this one. */
export function previousPeriod(p: BillingPeriod): BillingPeriod {
  return periodAt(p.start.getUTCFullYear(), p.start.getUTCMonth() - 1);
}

/**
 * The bounds as the contract shows them (§13.1): second precision, the end
 * being the period's last second ("2025-09-30T23:59:59Z").
 */
export function periodBounds(p: BillingPeriod): { start: string; end: string } {
  const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { start: iso(p.start), end: iso(new Date(p.end.getTime() - 1000)) };
}
