import type { ChangeStore } from '../changes.js';
import { toSnapshot, type SnapshotRow } from '../rows/changes.js';
import type { Sql } from './sql.js';

const LATEST = 'SELECT * FROM change_snapshots WHERE team_id = ? AND tag = ? AND url = ?';

export function createChangeStore(sql: Sql): ChangeStore {
  return {
    async latest(teamId, tag, url) {
      const r = await sql.one<SnapshotRow>(LATEST, [teamId, tag, url]);
      return r ? toSnapshot(r) : null;
    },
    async replace(s) {
      return sql.tx(async (c) => {
        // Two scrapes of one page on two processes: each compares with the one before it, none with the same.
        await c.lock(JSON.stringify(['change_snapshots', s.teamId, s.tag, s.url]));
        const before = await c.one<SnapshotRow>(LATEST, [s.teamId, s.tag, s.url]);
        await c.run(
          `INSERT INTO change_snapshots (team_id, url, tag, scrape_id, markdown, json, status_code, gone, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (team_id, tag, url) DO UPDATE SET scrape_id = excluded.scrape_id, markdown = excluded.markdown,
             json = excluded.json, status_code = excluded.status_code, gone = excluded.gone, created_at = excluded.created_at`,
          [
            s.teamId,
            s.url,
            s.tag,
            s.scrapeId,
            s.markdown,
            s.json === null || s.json === undefined ? null : JSON.stringify(s.json),
            s.statusCode,
            s.gone ? 1 : 0,
            s.createdAt,
          ],
        );
        return before ? toSnapshot(before) : null;
      });
    },
    async liveUrls(teamId, tag) {
      const rows = await sql.all<{ url: string }>(
        `SELECT url FROM change_snapshots WHERE team_id = ? AND tag = ? AND gone = 0 ORDER BY url${sql.dialect.bytewise}`,
        [teamId, tag],
      );
      return rows.map((r) => r.url);
    },
    forgetTags: (teamId, prefix) =>
      sql.run('DELETE FROM change_snapshots WHERE team_id = ? AND substr(tag, 1, length(CAST(? AS TEXT))) = ?', [teamId, prefix, prefix]),
  };
}
