import type { BrowserSessionStore } from '../browser-sessions.js';
import { toSession, type SessionRow } from '../rows/browser-sessions.js';
import type { Sql } from './sql.js';

export function createBrowserSessionStore(sql: Sql): BrowserSessionStore {
  const many = async (statement: string, params: unknown[] = []) => (await sql.all<SessionRow>(statement, params)).map(toSession);
  const one = async (statement: string, params: unknown[]) => (await many(statement, params))[0] ?? null;
  return {
    async insert(s) {
      await sql.run(
        `INSERT INTO browser_sessions (id, team_id, status, scrape_id, profile_name, stream_web_view, created_at, last_activity, expires_at)
         VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
        [s.id, s.teamId, s.scrapeId, s.profileName, s.streamWebView ? 1 : 0, s.createdAt, s.lastActivity, s.expiresAt],
      );
    },
    get: (id) => one('SELECT * FROM browser_sessions WHERE id = ?', [id]),
    findByScrape: (scrapeId) => one('SELECT * FROM browser_sessions WHERE scrape_id = ?', [scrapeId]),
    list: (teamId, status) =>
      status
        ? many('SELECT * FROM browser_sessions WHERE team_id = ? AND status = ? ORDER BY created_at DESC, id', [teamId, status])
        : many('SELECT * FROM browser_sessions WHERE team_id = ? ORDER BY created_at DESC, id', [teamId]),
    async touch(id, at) {
      await sql.run(`UPDATE browser_sessions SET last_activity = ? WHERE id = ? AND status = 'active' AND last_activity < ?`, [at, id, at]);
    },
    async markDestroyed(id, end) {
      const changed = await sql.run(
        `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = ?, end_reason = ?, credits_billed = ?
          WHERE id = ? AND status = 'active'`,
        [end.at, end.reason, end.creditsBilled, id],
      );
      return changed === 1;
    },
    listActive: () => many(`SELECT * FROM browser_sessions WHERE status = 'active'`),
    purgeDestroyed: (before) => sql.run(`DELETE FROM browser_sessions WHERE status = 'destroyed' AND destroyed_at < ?`, [before.toISOString()]),
  };
}
