import { Cron } from 'croner';

export interface Schedule {
  /** Normalised 5-field cron (src/api/schedule.ts). */
  cron: string;
  timezone: string;
  /** The plain-English form the caller wrote, echoed back. */
  text?: string;
}

/**
 * The first run strictly after `after`. Counting from the present (not from
 * the missed run) is what makes a monitor that missed several runs while the
 * service was down catch up once rather than once per missed run.
 */
export function nextRunAfter(schedule: Schedule, after: Date): string | null {
  const next = new Cron(schedule.cron, { timezone: schedule.timezone, paused: true }).nextRun(after);
  return next ? next.toISOString() : null;
}
