import type pg from 'pg';
import type { BrowserSessionStore } from '../browser-sessions.js';
import { toSession, type SessionRow } from '../rows/browser-sessions.js';

export function createPostgresBrowserSessionStore(db: pg.Pool): BrowserSessionStore {
  const many = async (sql: string, params: unknown[] = []) => (await db.query<SessionRow>(sql, params)).rows.map(toSession);
  const one = async (sql: string, params: unknown[]) => (await many(sql, params))[0] ?? null;
  return {
    async insert(s) {
      await db.query(
        `INSERT INTO browser_sessions (id, team_id, status, scrape_id, profile_name, stream_web_view, created_at, last_activity, expires_at)
         VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8)`,
        [s.id, s.teamId, s.scrapeId, s.profileName, s.streamWebView ? 1 : 0, s.createdAt, s.lastActivity, s.expiresAt],
      );
    },
    get: (id) => one('SELECT * FROM browser_sessions WHERE id = $1', [id]),
    findByScrape: (scrapeId) => one('SELECT * FROM browser_sessions WHERE scrape_id = $1', [scrapeId]),
    list: (teamId, status) =>
      status
        ? many('SELECT * FROM browser_sessions WHERE team_id = $1 AND status = $2 ORDER BY created_at DESC, id', [teamId, status])
        : many('SELECT * FROM browser_sessions WHERE team_id = $1 ORDER BY created_at DESC, id', [teamId]),
    async touch(id, at) {
      await db.query(`UPDATE browser_sessions SET last_activity = $1 WHERE id = $2 AND status = 'active' AND last_activity < $1`, [at, id]);
    },
    async markDestroyed(id, end) {
      const r = await db.query(
        `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = $1, end_reason = $2, credits_billed = $3
          WHERE id = $4 AND status = 'active'`,
        [end.at, end.reason, end.creditsBilled, id],
      );
      return r.rowCount === 1;
    },
    listActive: () => many(`SELECT * FROM browser_sessions WHERE status = 'active'`),
    async purgeDestroyed(before) {
      return (await db.query(`DELETE FROM browser_sessions WHERE status = 'destroyed' AND destroyed_at < $1`, [before.toISOString()])).rowCount ?? 0;
    },
  };
}
