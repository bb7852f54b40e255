import type { BrowserSessionStore } from '../browser-sessions.js';
import type { Db } from './database.js';
import { toSession, type SessionRow } from '../rows/browser-sessions.js';

export function createSqliteBrowserSessionStore(db: Db): BrowserSessionStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO browser_sessions (id, team_id, status, scrape_id, profile_name, stream_web_view, created_at, last_activity, expires_at)
       VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
    ),
    get: db.prepare('SELECT * FROM browser_sessions WHERE id = ?'),
    byScrape: db.prepare('SELECT * FROM browser_sessions WHERE scrape_id = ?'),
    listAll: db.prepare('SELECT * FROM browser_sessions WHERE team_id = ? ORDER BY created_at DESC, id'),
    listStatus: db.prepare('SELECT * FROM browser_sessions WHERE team_id = ? AND status = ? ORDER BY created_at DESC, id'),
    touch: db.prepare(`UPDATE browser_sessions SET last_activity = ? WHERE id = ? AND status = 'active' AND last_activity < ?`),
    destroy: db.prepare(
      `UPDATE browser_sessions SET status = 'destroyed', destroyed_at = ?, end_reason = ?, credits_billed = ?
        WHERE id = ? AND status = 'active'`,
    ),
    active: db.prepare(`SELECT * FROM browser_sessions WHERE status = 'active'`),
    purge: db.prepare(`DELETE FROM browser_sessions WHERE status = 'destroyed' AND destroyed_at < ?`),
  };
  return {
    async insert(s) {
      q.insert.run(s.id, s.teamId, s.scrapeId, s.profileName, s.streamWebView ? 1 : 0, s.createdAt, s.lastActivity, s.expiresAt);
    },
    async get(id) {
      const r = q.get.get(id) as SessionRow | undefined;
      return r ? toSession(r) : null;
    },
    async findByScrape(scrapeId) {
      const r = q.byScrape.get(scrapeId) as SessionRow | undefined;
      return r ? toSession(r) : null;
    },
    async list(teamId, status) {
      const rows = (status ? q.listStatus.all(teamId, status) : q.listAll.all(teamId)) as SessionRow[];
      return rows.map(toSession);
    },
    async touch(id, at) {
      q.touch.run(at, id, at);
    },
    async markDestroyed(id, end) {
      return q.destroy.run(end.at, end.reason, end.creditsBilled, id).changes === 1;
    },
    async listActive() {
      return (q.active.all() as SessionRow[]).map(toSession);
    },
    async purgeDestroyed(before) {
      return q.purge.run(before.toISOString()).changes;
    },
  };
}
