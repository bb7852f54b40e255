import type { BeginOutcome, CheckPage, MonitorRecord, MonitorStore } from '../monitors.js';
import { EMPTY_SUMMARY } from '../monitors.js';
import { ENDED_STATUSES, toCheck, toMonitor, type CheckRow, type MonitorRow } from '../rows/monitors.js';
import type { Sql } from './sql.js';

const MONITOR = 'SELECT * FROM monitors WHERE id = ?';
const CHECK = 'SELECT * FROM monitor_checks WHERE id = ?';

export function createMonitorStore(sql: Sql): MonitorStore {
  const { forUpdate, seq, jsonText, daysUntilParam } = sql.dialect;
  const check = async (c: Sql, id: string) => toCheck((await c.one<CheckRow>(CHECK, [id]))!);
  return {
    async create(m) {
      await sql.run(
        `INSERT INTO monitors (id, team_id, status, config, next_run_at, last_run_at, current_check_id, last_summary, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          m.id,
          m.teamId,
          m.status,
          JSON.stringify(m.config),
          m.nextRunAt,
          m.lastRunAt,
          m.currentCheckId,
          m.lastSummary && JSON.stringify(m.lastSummary),
          m.createdAt,
          m.updatedAt,
        ],
      );
    },
    async get<C>(id: string) {
      const r = await sql.one<MonitorRow>(MONITOR, [id]);
      return r ? toMonitor<C>(r) : null;
    },
    async list<C>(teamId: string, limit: number, offset: number) {
      const rows = await sql.all<MonitorRow>(
        "SELECT * FROM monitors WHERE team_id = ? AND status <> 'deleted' ORDER BY created_at, id LIMIT ? OFFSET ?",
        [teamId, limit, offset],
      );
      return rows.map((r) => toMonitor<C>(r));
    },
    async update<C>(id: string, change: { status?: MonitorRecord['status']; config?: C; nextRunAt?: string | null; now: string }) {
      const r = await sql.one<MonitorRow>(
        `UPDATE monitors SET status = coalesce(?, status), config = coalesce(?, config),
           next_run_at = CASE WHEN ? = 1 THEN ? ELSE next_run_at END, updated_at = ? WHERE id = ? RETURNING *`,
        [
          change.status ?? null,
          change.config === undefined ? null : JSON.stringify(change.config),
          change.nextRunAt === undefined ? 0 : 1,
          change.nextRunAt ?? null,
          change.now,
          id,
        ],
      );
      return r ? toMonitor<C>(r) : null;
    },
    async due<C>(now: string, limit: number) {
      const rows = await sql.all<MonitorRow>(
        "SELECT * FROM monitors WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at LIMIT ?",
        [now, limit],
      );
      return rows.map((r) => toMonitor<C>(r));
    },
    async beginCheck(req) {
      return sql.tx(async (c): Promise<BeginOutcome> => {
        // The monitor's row lock: a manual run and a scheduled one never both become current.
        const row = await c.one<MonitorRow>(MONITOR + forUpdate, [req.monitorId]);
        if (!row || row.status === 'deleted') return { outcome: 'lost' };
        if (req.claim) {
          const moved = await c.run("UPDATE monitors SET next_run_at = ? WHERE id = ? AND status = 'active' AND next_run_at = ?", [
            req.claim.nextRunAt,
            req.monitorId,
            req.claim.expectedNextRunAt,
          ]);
          if (moved === 0) return { outcome: 'lost' };
        }
        const insert = (status: string, finishedAt: string | null) =>
          c.run(
            `INSERT INTO monitor_checks (id, monitor_id, team_id, status, trigger, scheduled_for, started_at, finished_at, summary, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
            [req.checkId, req.monitorId, row.team_id, status, req.trigger, req.scheduledFor, finishedAt, JSON.stringify(EMPTY_SUMMARY), req.now, req.now],
          );
        if (row.current_check_id !== null) {
          if (req.trigger === 'manual') return { outcome: 'busy' };
          await insert('skipped_overlap', req.now);
          return { outcome: 'overlap', check: await check(c, req.checkId) };
        }
        await insert('queued', null);
        await c.run('UPDATE monitors SET current_check_id = ?, last_run_at = ? WHERE id = ?', [req.checkId, req.now, req.monitorId]);
        return { outcome: 'started', check: await check(c, req.checkId) };
      });
    },
    async markRunning(checkId, now) {
      const changed = await sql.run(
        "UPDATE monitor_checks SET status = 'running', started_at = coalesce(started_at, ?), updated_at = ? WHERE id = ? AND status IN ('queued', 'running')",
        [now, now, checkId],
      );
      return changed > 0;
    },
    async clearPages(checkId) {
      await sql.run('DELETE FROM monitor_check_pages WHERE check_id = ?', [checkId]);
    },
    async addPages(checkId, pages: CheckPage[]) {
      if (!pages.length) return;
      await sql.tx(async (c) => {
        for (const p of pages) {
          await c.run('INSERT INTO monitor_check_pages (id, check_id, page, status) VALUES (?, ?, ?, ?)', [p.id, checkId, JSON.stringify(p), p.status]);
        }
      });
    },
    async finishCheck(checkId, r) {
      return sql.tx(async (c) => {
        const ended = await c.run(
          `UPDATE monitor_checks SET status = ?, summary = ?, target_results = ?,
             actual_credits = ?, error = ?, finished_at = ?, updated_at = ?
           WHERE id = ? AND status IN ('queued', 'running')`,
          [r.status, JSON.stringify(r.summary), JSON.stringify(r.targetResults), r.actualCredits, r.error, r.now, r.now, checkId],
        );
        const row = await c.one<CheckRow>(CHECK, [checkId]);
        if (!row || !ended) return null;
        await c.run('UPDATE monitors SET current_check_id = NULL, last_summary = ?, updated_at = ? WHERE id = ? AND current_check_id = ?', [
          JSON.stringify(r.summary),
          r.now,
          row.monitor_id,
          checkId,
        ]);
        return toCheck(row);
      });
    },
    async setNotificationStatus(checkId, status) {
      await sql.run('UPDATE monitor_checks SET notification_status = ?, updated_at = ? WHERE id = ?', [JSON.stringify(status), new Date().toISOString(), checkId]);
    },
    async getCheck(id) {
      const r = await sql.one<CheckRow>(CHECK, [id]);
      return r ? toCheck(r) : null;
    },
    async listChecks(monitorId, req) {
      const rows = await sql.all<CheckRow>(
        `SELECT * FROM monitor_checks WHERE monitor_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?)
          ORDER BY created_at DESC, ${seq} DESC LIMIT ? OFFSET ?`,
        [monitorId, req.status ?? null, req.status ?? null, req.limit, req.offset],
      );
      return rows.map(toCheck);
    },
    async pages(checkId, req) {
      const where = 'check_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?)';
      const params = [checkId, req.status ?? null, req.status ?? null];
      const rows = await sql.all<{ page: string }>(`SELECT page FROM monitor_check_pages WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`, [
        ...params,
        req.limit,
        req.skip,
      ]);
      const total = (await sql.one<{ n: number }>(`SELECT count(*) AS n FROM monitor_check_pages WHERE ${where}`, params))!.n;
      return { pages: rows.map((r) => JSON.parse(r.page) as CheckPage), total };
    },
    async unfinishedChecks() {
      return (await sql.all<CheckRow>("SELECT * FROM monitor_checks WHERE status IN ('queued', 'running') ORDER BY created_at")).map(toCheck);
    },
    purgeExpiredChecks: (now) =>
      sql.run(
        `DELETE FROM monitor_checks WHERE status IN ${ENDED_STATUSES} AND id IN (
           SELECT c.id FROM monitor_checks c JOIN monitors m ON m.id = c.monitor_id
            WHERE ${daysUntilParam('c.created_at')} > coalesce(CAST(${jsonText('m.config', 'retentionDays')} AS DOUBLE PRECISION), 30))`,
        [now.toISOString()],
      ),
  };
}
