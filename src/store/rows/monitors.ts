/** Monitors and their checks as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { CheckRecord, MonitorRecord } from '../monitors.js';

export interface MonitorRow {
  id: string;
  team_id: string;
  status: MonitorRecord['status'];
  config: string;
  next_run_at: string | null;
  last_run_at: string | null;
  current_check_id: string | null;
  last_summary: string | null;
  created_at: string;
  updated_at: string;
}

export interface CheckRow {
  id: string;
  monitor_id: string;
  team_id: string;
  status: CheckRecord['status'];
  trigger: CheckRecord['trigger'];
  scheduled_for: string | null;
  started_at: string | null;
  finished_at: string | null;
  summary: string;
  target_results: string | null;
  notification_status: string | null;
  actual_credits: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export const toMonitor = <C>(r: MonitorRow): MonitorRecord<C> => ({
  id: r.id,
  teamId: r.team_id,
  status: r.status,
  config: JSON.parse(r.config) as C,
  nextRunAt: r.next_run_at,
  lastRunAt: r.last_run_at,
  currentCheckId: r.current_check_id,
  lastSummary: parse(r.last_summary),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toCheck = (r: CheckRow): CheckRecord => ({
  id: r.id,
  monitorId: r.monitor_id,
  teamId: r.team_id,
  status: r.status,
  trigger: r.trigger,
  scheduledFor: r.scheduled_for,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  summary: JSON.parse(r.summary),
  targetResults: parse(r.target_results),
  notificationStatus: parse(r.notification_status),
  actualCredits: r.actual_credits,
  error: r.error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The statuses of a check that has ended, as a SQL list both dialects read. */
export const ENDED_STATUSES = "('completed', 'failed', 'partial', 'skipped_overlap', 'skipped_no_credits')";
