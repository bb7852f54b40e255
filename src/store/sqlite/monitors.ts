import type {
  BeginCheck,
  BeginOutcome,
  CheckPage,
  CheckRecord,
  FinishCheck,
  MonitorRecord,
  MonitorStore,
} from '../monitors.js';
import { EMPTY_SUMMARY } from '../monitors.js';
import type { Db } from './database.js';
import { toMonitor, toCheck, ENDED_STATUSES, type MonitorRow, type CheckRow } from '../rows/monitors.js';

export function createSqliteMonitorStore(db: Db): MonitorStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO monitors (id, team_id, status, config, next_run_at, last_run_at, current_check_id, last_summary, created_at, updated_at)
       VALUES (@id, @teamId, @status, @config, @nextRunAt, @lastRunAt, @currentCheckId, @lastSummary, @createdAt, @updatedAt)`,
    ),
    get: db.prepare('SELECT * FROM monitors WHERE id = ?'),
    list: db.prepare(
      "SELECT * FROM monitors WHERE team_id = ? AND status <> 'deleted' ORDER BY created_at, id LIMIT ? OFFSET ?",
    ),
    update: db.prepare(
      `UPDATE monitors SET status = coalesce(@status, status), config = coalesce(@config, config),
         next_run_at = CASE WHEN @setNext THEN @nextRunAt ELSE next_run_at END, updated_at = @now WHERE id = @id`,
    ),
    due: db.prepare(
      "SELECT * FROM monitors WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at LIMIT ?",
    ),
    claim: db.prepare(
      "UPDATE monitors SET next_run_at = ? WHERE id = ? AND status = 'active' AND next_run_at = ?",
    ),
    setCurrent: db.prepare('UPDATE monitors SET current_check_id = ?, last_run_at = ? WHERE id = ?'),
    insertCheck: db.prepare(
      `INSERT INTO monitor_checks (id, monitor_id, team_id, status, trigger, scheduled_for, started_at, finished_at, summary, created_at, updated_at)
       VALUES (@id, @monitorId, @teamId, @status, @trigger, @scheduledFor, NULL, @finishedAt, @summary, @now, @now)`,
    ),
    markRunning: db.prepare(
      "UPDATE monitor_checks SET status = 'running', started_at = coalesce(started_at, ?), updated_at = ? WHERE id = ? AND status IN ('queued', 'running')",
    ),
    clearPages: db.prepare('DELETE FROM monitor_check_pages WHERE check_id = ?'),
    addPage: db.prepare('INSERT INTO monitor_check_pages (id, check_id, page, status) VALUES (?, ?, ?, ?)'),
    finish: db.prepare(
      `UPDATE monitor_checks SET status = @status, summary = @summary, target_results = @targetResults,
         actual_credits = @actualCredits, error = @error, finished_at = @now, updated_at = @now
       WHERE id = @id AND status IN ('queued', 'running')`,
    ),
    release: db.prepare(
      'UPDATE monitors SET current_check_id = NULL, last_summary = ?, updated_at = ? WHERE id = ? AND current_check_id = ?',
    ),
    notification: db.prepare('UPDATE monitor_checks SET notification_status = ?, updated_at = ? WHERE id = ?'),
    getCheck: db.prepare('SELECT * FROM monitor_checks WHERE id = ?'),
    listChecks: db.prepare(
      `SELECT * FROM monitor_checks WHERE monitor_id = @monitorId AND (@status IS NULL OR status = @status)
        ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
    ),
    pages: db.prepare(
      `SELECT page FROM monitor_check_pages WHERE check_id = @checkId AND (@status IS NULL OR status = @status)
        ORDER BY seq LIMIT @limit OFFSET @skip`,
    ).pluck(),
    countPages: db.prepare(
      'SELECT count(*) FROM monitor_check_pages WHERE check_id = @checkId AND (@status IS NULL OR status = @status)',
    ).pluck(),
    unfinished: db.prepare("SELECT * FROM monitor_checks WHERE status IN ('queued', 'running') ORDER BY created_at"),
    purge: db.prepare(
      `DELETE FROM monitor_checks WHERE status IN ${ENDED_STATUSES} AND id IN (
         SELECT c.id FROM monitor_checks c JOIN monitors m ON m.id = c.monitor_id
          WHERE julianday(@now) - julianday(c.created_at) > coalesce(json_extract(m.config, '$.retentionDays'), 30))`,
    ),
  };

  const begin = db.transaction((req: BeginCheck): BeginOutcome => {
    const row = q.get.get(req.monitorId) as MonitorRow | undefined;
    if (!row || row.status === 'deleted') return { outcome: 'lost' };
    if (req.claim) {
      const moved = q.claim.run(req.claim.nextRunAt, req.monitorId, req.claim.expectedNextRunAt).changes;
      if (moved === 0) return { outcome: 'lost' };
    }
    const check = {
      id: req.checkId,
      monitorId: req.monitorId,
      teamId: row.team_id,
      trigger: req.trigger,
      scheduledFor: req.scheduledFor,
      summary: JSON.stringify(EMPTY_SUMMARY),
      now: req.now,
    };
    if (row.current_check_id !== null) {
      if (req.trigger === 'manual') return { outcome: 'busy' };
      q.insertCheck.run({ ...check, status: 'skipped_overlap', finishedAt: req.now });
      return { outcome: 'overlap', check: toCheck(q.getCheck.get(req.checkId) as CheckRow) };
    }
    q.insertCheck.run({ ...check, status: 'queued', finishedAt: null });
    q.setCurrent.run(req.checkId, req.now, req.monitorId);
    return { outcome: 'started', check: toCheck(q.getCheck.get(req.checkId) as CheckRow) };
  });

  const addPages = db.transaction((checkId: string, pages: CheckPage[]) => {
    for (const p of pages) q.addPage.run(p.id, checkId, JSON.stringify(p), p.status);
  });

  const finish = db.transaction((checkId: string, r: FinishCheck): CheckRecord | null => {
    const ended = q.finish.run({
      id: checkId,
      status: r.status,
      summary: JSON.stringify(r.summary),
      targetResults: JSON.stringify(r.targetResults),
      actualCredits: r.actualCredits,
      error: r.error,
      now: r.now,
    }).changes;
    const check = q.getCheck.get(checkId) as CheckRow | undefined;
    if (!check || ended === 0) return null;
    q.release.run(JSON.stringify(r.summary), r.now, check.monitor_id, checkId);
    return toCheck(check);
  });

  return {
    async create(m) {
      q.insert.run({ ...m, config: JSON.stringify(m.config), lastSummary: m.lastSummary && JSON.stringify(m.lastSummary) });
    },
    async get<C>(id: string) {
      const r = q.get.get(id) as MonitorRow | undefined;
      return r ? toMonitor<C>(r) : null;
    },
    async list<C>(teamId: string, limit: number, offset: number) {
      return (q.list.all(teamId, limit, offset) as MonitorRow[]).map((r) => toMonitor<C>(r));
    },
    async update<C>(id: string, change: { status?: MonitorRecord['status']; config?: C; nextRunAt?: string | null; now: string }) {
      q.update.run({
        id,
        status: change.status ?? null,
        config: change.config === undefined ? null : JSON.stringify(change.config),
        setNext: change.nextRunAt === undefined ? 0 : 1,
        nextRunAt: change.nextRunAt ?? null,
        now: change.now,
      });
      const r = q.get.get(id) as MonitorRow | undefined;
      return r ? toMonitor<C>(r) : null;
    },
    async due<C>(now: string, limit: number) {
      return (q.due.all(now, limit) as MonitorRow[]).map((r) => toMonitor<C>(r));
    },
    async beginCheck(req) {
      return begin(req);
    },
    async markRunning(checkId, now) {
      return q.markRunning.run(now, now, checkId).changes > 0;
    },
    async clearPages(checkId) {
      q.clearPages.run(checkId);
    },
    async addPages(checkId, pages) {
      addPages(checkId, pages);
    },
    async finishCheck(checkId, result) {
      return finish(checkId, result);
    },
    async setNotificationStatus(checkId, status) {
      q.notification.run(JSON.stringify(status), new Date().toISOString(), checkId);
    },
    async getCheck(id) {
      const r = q.getCheck.get(id) as CheckRow | undefined;
      return r ? toCheck(r) : null;
    },
    async listChecks(monitorId, req) {
      return (q.listChecks.all({ monitorId, status: req.status ?? null, limit: req.limit, offset: req.offset }) as CheckRow[]).map(toCheck);
    },
    async pages(checkId, req) {
      const params = { checkId, status: req.status ?? null };
      const pages = (q.pages.all({ ...params, limit: req.limit, skip: req.skip }) as string[]).map((p) => JSON.parse(p) as CheckPage);
      return { pages, total: q.countPages.get(params) as number };
    },
    async unfinishedChecks() {
      return (q.unfinished.all() as CheckRow[]).map(toCheck);
    },
    async purgeExpiredChecks(now) {
      return q.purge.run({ now: now.toISOString() }).changes;
    },
  };
}
