import type pg from 'pg';
import type { BeginOutcome, CheckPage, MonitorRecord, MonitorStore } from '../monitors.js';
import { EMPTY_SUMMARY } from '../monitors.js';
import { transaction } from './database.js';
import { toMonitor, toCheck, ENDED_STATUSES, type MonitorRow, type CheckRow } from '../rows/monitors.js';

export function createPostgresMonitorStore(db: pg.Pool): MonitorStore {
  const monitor = async (c: pg.Pool | pg.PoolClient, id: string, lock = '') =>
    (await c.query<MonitorRow>(`SELECT * FROM monitors WHERE id = $1 ${lock}`, [id])).rows[0];
  const check = async (c: pg.Pool | pg.PoolClient, id: string) =>
    (await c.query<CheckRow>('SELECT * FROM monitor_checks WHERE id = $1', [id])).rows[0];

  return {
    async create(m) {
      await db.query(
        `INSERT INTO monitors (id, team_id, status, config, next_run_at, last_run_at, current_check_id, last_summary, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
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
      const r = await monitor(db, id);
      return r ? toMonitor<C>(r) : null;
    },
    async list<C>(teamId: string, limit: number, offset: number) {
      const { rows } = await db.query<MonitorRow>(
        "SELECT * FROM monitors WHERE team_id = $1 AND status <> 'deleted' ORDER BY created_at, id LIMIT $2 OFFSET $3",
        [teamId, limit, offset],
      );
      return rows.map((r) => toMonitor<C>(r));
    },
    async update<C>(id: string, change: { status?: MonitorRecord['status']; config?: C; nextRunAt?: string | null; now: string }) {
      const { rows } = await db.query<MonitorRow>(
        `UPDATE monitors SET status = coalesce($2, status), config = coalesce($3, config),
           next_run_at = CASE WHEN $4 THEN $5 ELSE next_run_at END, updated_at = $6 WHERE id = $1 RETURNING *`,
        [
          id,
          change.status ?? null,
          change.config === undefined ? null : JSON.stringify(change.config),
          change.nextRunAt !== undefined,
          change.nextRunAt ?? null,
          change.now,
        ],
      );
      return rows[0] ? toMonitor<C>(rows[0]) : null;
    },
    async due<C>(now: string, limit: number) {
      const { rows } = await db.query<MonitorRow>(
        "SELECT * FROM monitors WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= $1 ORDER BY next_run_at LIMIT $2",
        [now, limit],
      );
      return rows.map((r) => toMonitor<C>(r));
    },
    async beginCheck(req) {
      return transaction(db, async (c): Promise<BeginOutcome> => {
        // The monitor's row lock: a manual run and a scheduled one never both become current.
        const row = await monitor(c, req.monitorId, 'FOR UPDATE');
        if (!row || row.status === 'deleted') return { outcome: 'lost' };
        if (req.claim) {
          if (row.status !== 'active' || row.next_run_at !== req.claim.expectedNextRunAt) return { outcome: 'lost' };
          await c.query('UPDATE monitors SET next_run_at = $1 WHERE id = $2', [req.claim.nextRunAt, req.monitorId]);
        }
        const insert = (status: string, finishedAt: string | null) =>
          c.query(
            `INSERT INTO monitor_checks (id, monitor_id, team_id, status, trigger, scheduled_for, started_at, finished_at, summary, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, $9, $9)`,
            [req.checkId, req.monitorId, row.team_id, status, req.trigger, req.scheduledFor, finishedAt, JSON.stringify(EMPTY_SUMMARY), req.now],
          );
        if (row.current_check_id !== null) {
          if (req.trigger === 'manual') return { outcome: 'busy' };
          await insert('skipped_overlap', req.now);
          return { outcome: 'overlap', check: toCheck((await check(c, req.checkId))!) };
        }
        await insert('queued', null);
        await c.query('UPDATE monitors SET current_check_id = $1, last_run_at = $2 WHERE id = $3', [req.checkId, req.now, req.monitorId]);
        return { outcome: 'started', check: toCheck((await check(c, req.checkId))!) };
      });
    },
    async markRunning(checkId, now) {
      const r = await db.query(
        "UPDATE monitor_checks SET status = 'running', started_at = coalesce(started_at, $1), updated_at = $1 WHERE id = $2 AND status IN ('queued', 'running')",
        [now, checkId],
      );
      return (r.rowCount ?? 0) > 0;
    },
    async clearPages(checkId) {
      await db.query('DELETE FROM monitor_check_pages WHERE check_id = $1', [checkId]);
    },
    async addPages(checkId, pages: CheckPage[]) {
      if (!pages.length) return;
      await db.query(
        `INSERT INTO monitor_check_pages (id, check_id, page, status)
         SELECT i, $1, p, s FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(i, p, s, n) ORDER BY n`,
        [checkId, pages.map((p) => p.id), pages.map((p) => JSON.stringify(p)), pages.map((p) => p.status)],
      );
    },
    async finishCheck(checkId, r) {
      return transaction(db, async (c) => {
        const ended = await c.query(
          `UPDATE monitor_checks SET status = $2, summary = $3, target_results = $4,
             actual_credits = $5, error = $6, finished_at = $7, updated_at = $7
           WHERE id = $1 AND status IN ('queued', 'running')`,
          [checkId, r.status, JSON.stringify(r.summary), JSON.stringify(r.targetResults), r.actualCredits, r.error, r.now],
        );
        const row = await check(c, checkId);
        if (!row || !ended.rowCount) return null;
        await c.query('UPDATE monitors SET current_check_id = NULL, last_summary = $1, updated_at = $2 WHERE id = $3 AND current_check_id = $4', [
          JSON.stringify(r.summary),
          r.now,
          row.monitor_id,
          checkId,
        ]);
        return toCheck(row);
      });
    },
    async setNotificationStatus(checkId, status) {
      await db.query('UPDATE monitor_checks SET notification_status = $1, updated_at = $2 WHERE id = $3', [
        JSON.stringify(status),
        new Date().toISOString(),
        checkId,
      ]);
    },
    async getCheck(id) {
      const r = await check(db, id);
      return r ? toCheck(r) : null;
    },
    async listChecks(monitorId, req) {
      const { rows } = await db.query<CheckRow>(
        `SELECT * FROM monitor_checks WHERE monitor_id = $1 AND ($2::text IS NULL OR status = $2)
          ORDER BY created_at DESC, seq DESC LIMIT $3 OFFSET $4`,
        [monitorId, req.status ?? null, req.limit, req.offset],
      );
      return rows.map(toCheck);
    },
    async pages(checkId, req) {
      const params = [checkId, req.status ?? null];
      const where = 'check_id = $1 AND ($2::text IS NULL OR status = $2)';
      const { rows } = await db.query<{ page: string }>(`SELECT page FROM monitor_check_pages WHERE ${where} ORDER BY seq LIMIT $3 OFFSET $4`, [
        ...params,
        req.limit,
        req.skip,
      ]);
      const total = (await db.query<{ n: number }>(`SELECT count(*) AS n FROM monitor_check_pages WHERE ${where}`, params)).rows[0]!.n;
      return { pages: rows.map((r) => JSON.parse(r.page) as CheckPage), total };
    },
    async unfinishedChecks() {
      const { rows } = await db.query<CheckRow>("SELECT * FROM monitor_checks WHERE status IN ('queued', 'running') ORDER BY created_at");
      return rows.map(toCheck);
    },
    async purgeExpiredChecks(now) {
      const r = await db.query(
        `DELETE FROM monitor_checks c USING monitors m
          WHERE m.id = c.monitor_id AND c.status IN ${ENDED_STATUSES}
            AND extract(epoch FROM ($1::timestamptz - c.created_at::timestamptz)) / 86400
                > coalesce((m.config::jsonb ->> 'retentionDays')::float8, 30)`,
        [now.toISOString()],
      );
      return r.rowCount ?? 0;
    },
  };
}
