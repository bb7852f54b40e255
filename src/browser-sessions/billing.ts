/**
 * Browser time is billed by the minute, prorated per second with a minimum of one minute
 * (the reference's rule, §3.3), rounded up to whole credits at this price.
 */
export const CREDITS_PER_BROWSER_MINUTE = 2;

export function sessionCredits(durationMs: number): number {
  const billedMs = Math.max(60_000, durationMs);
  return Math.ceil((billedMs * CREDITS_PER_BROWSER_MINUTE) / 60_000);
}
