/**
 * The `tbs` time filter (§5.1) parsed once, so each provider maps it to what it
 * can do: an exact window over fetch times (local index) or the nearest
 * `time_range` (SearXNG).
 */
export interface TimeFilter {
  since?: Date;
  until?: Date;
  /** The span a `qdr:` filter asked for, for providers that only know coarse ranges. */
  spanMs?: number;
  sortByDate: boolean;
}

const UNIT_MS = { h: 3600_000, d: 86_400_000, w: 7 * 86_400_000, m: 30 * 86_400_000, y: 365 * 86_400_000 } as const;

function usDate(raw: string, endOfDay: boolean): Date | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  if (!m) return undefined;
  const date = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0, endOfDay ? 999 : 0);
  return Number.isNaN(date) ? undefined : new Date(date);
}

/** Unknown parts are ignored, as search engines do; `undefined` when nothing applies. */
export function parseTbs(tbs: string | undefined, now = new Date()): TimeFilter | undefined {
  if (!tbs) return undefined;
  const filter: TimeFilter = { sortByDate: false };
  for (const part of tbs.split(',').map((p) => p.trim())) {
    const [key, value = ''] = part.split(':', 2) as [string, string?];
    if (key === 'qdr') {
      const m = /^([hdwmy])(\d*)$/.exec(value);
      if (!m) continue;
      const unit = m[1] as keyof typeof UNIT_MS;
      filter.spanMs = UNIT_MS[unit] * Number(m[2] || 1);
      filter.since = new Date(now.getTime() - filter.spanMs);
    } else if (key === 'cd_min') {
      const d = usDate(value, false);
      if (d) filter.since = d;
    } else if (key === 'cd_max') {
      const d = usDate(value, true);
      if (d) filter.until = d;
    } else if (key === 'sbd' && value === '1') {
      filter.sortByDate = true;
    }
  }
  return filter.since || filter.until || filter.sortByDate ? filter : undefined;
}
