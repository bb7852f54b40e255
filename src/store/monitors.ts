/**
 * Monitors (§12) and their checks. A scheduled run is claimed by moving the
 * monitor's `nextRunAt` on with a compare-and-set, in the same step that
 * records the check, so that of several schedulers sharing a store exactly
 * one runs each tick.
 */

export type MonitorStatus = 'active' | 'paused' | 'deleted';
export type CheckStatus = 'queued' | 'running' | 'completed' | 'failed' | 'partial' | 'skipped_overlap' | 'skipped_no_credits';
export type CheckTrigger = 'scheduled' | 'manual';
export type PageStatus = 'same' | 'new' | 'changed' | 'removed' | 'error';

export interface CheckSummary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export interface MonitorRecord<C = unknown> {
  id: string;
  teamId: string;
  status: MonitorStatus;
  /** What the caller configured (name, schedule, targets, webhook, ...). */
  config: C;
  nextRunAt: string | null;
  lastRunAt: string | null;
  currentCheckId: string | null;
  lastSummary: CheckSummary | null;
  createdAt: string;
  updatedAt: string;
}

export interface CheckRecord {
  id: string;
  monitorId: string;
  teamId: string;
  status: CheckStatus;
  trigger: CheckTrigger;
  scheduledFor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  summary: CheckSummary;
  targetResults: unknown[] | null;
  notificationStatus: unknown;
  actualCredits: number | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CheckPage {
  id: string;
  targetId: string;
  url: string;
  status: PageStatus;
  previousScrapeId: string | null;
  currentScrapeId: string | null;
  statusCode: number | null;
  error: string | null;
  metadata: Record<string, unknown> | null;
  diff: { text?: string; json?: unknown } | null;
  snapshot: { json?: unknown } | null;
  judgment: unknown;
  createdAt: string;
}

export const EMPTY_SUMMARY: CheckSummary = Object.freeze({ totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 });

export interface BeginCheck {
  monitorId: string;
  checkId: string;
  trigger: CheckTrigger;
  scheduledFor: string | null;
  now: string;
  /**
   * Scheduled runs only: the claim succeeds only while the monitor is active
   * and its `nextRunAt` still equals `expectedNextRunAt`, which then becomes
   * `nextRunAt`.
   */
  claim?: { expectedNextRunAt: string; nextRunAt: string | null };
}

export type BeginOutcome =
  /** The check is queued and is the monitor's current check. */
  | { outcome: 'started'; check: CheckRecord }
  /** Scheduled while the previous check still runs: recorded as skipped. */
  | { outcome: 'overlap'; check: CheckRecord }
  /** Manual run while a check runs: nothing recorded. */
  | { outcome: 'busy' }
  /** Another scheduler claimed this run, or the monitor was paused or deleted meanwhile. */
  | { outcome: 'lost' };

export interface FinishCheck {
  status: CheckStatus;
  summary: CheckSummary;
  targetResults: unknown[];
  actualCredits: number;
  error: string | null;
  now: string;
}

export interface MonitorStore {
  create<C>(record: MonitorRecord<C>): Promise<void>;
  get<C = unknown>(id: string): Promise<MonitorRecord<C> | null>;
  /** The team's monitors that are not deleted, oldest first. */
  list<C = unknown>(teamId: string, limit: number, offset: number): Promise<MonitorRecord<C>[]>;
  update<C>(id: string, change: { status?: MonitorStatus; config?: C; nextRunAt?: string | null; now: string }): Promise<MonitorRecord<C> | null>;
  /** Active monitors whose next run is at or before `now`. */
  due<C = unknown>(now: string, limit: number): Promise<MonitorRecord<C>[]>;
  beginCheck(req: BeginCheck): Promise<BeginOutcome>;
  /** Queued (or interrupted running) check → running; false once it has ended. */
  markRunning(checkId: string, now: string): Promise<boolean>;
  /** Drops the pages an interrupted run of the check recorded, so a re-run starts clean. */
  clearPages(checkId: string): Promise<void>;
  addPages(checkId: string, pages: CheckPage[]): Promise<void>;
  /** Ends the check and frees its monitor for the next one, in one step. */
  finishCheck(checkId: string, result: FinishCheck): Promise<CheckRecord | null>;
  setNotificationStatus(checkId: string, status: unknown): Promise<void>;
  getCheck(id: string): Promise<CheckRecord | null>;
  /** Newest first. */
  listChecks(monitorId: string, req: { limit: number; offset: number; status?: CheckStatus | undefined }): Promise<CheckRecord[]>;
  pages(checkId: string, req: { skip: number; limit: number; status?: PageStatus | undefined }): Promise<{ pages: CheckPage[]; total: number }>;
  /** Checks queued or running: after a crash their tasks are enqueued again (same ids, so never twice). */
  unfinishedChecks(): Promise<CheckRecord[]>;
  /** Deletes checks older than their monitor's retentionDays; answers how many. */
  purgeExpiredChecks(now: Date): Promise<number>;
}
