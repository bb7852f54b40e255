import type pg from 'pg';
import type { ChangeStore } from '../changes.js';
import { transaction } from './database.js';
import { toSnapshot, type SnapshotRow } from '../rows/changes.js';

export function createPostgresChangeStore(db: pg.Pool): ChangeStore {
  return {
    async latest(teamId, tag, url) {
      const r = (await db.query<SnapshotRow>('SELECT * FROM change_snapshots WHERE team_id = $1 AND tag = $2 AND url = $3', [teamId, tag, url]))
        .rows[0];
      return r ? toSnapshot(r) : null;
    },
    async replace(s) {
      return transaction(db, async (c) => {
        // Two scrapes of one page on two processes: each compares with the one before it, none with the same.
        await c.query(`SELECT pg_advisory_xact_lock(hashtextextended(json_build_array($1::text, $2::text, $3::text)::text, 0))`, [s.teamId, s.tag, s.url]);
        const before = (
          await c.query<SnapshotRow>('SELECT * FROM change_snapshots WHERE team_id = $1 AND tag = $2 AND url = $3', [s.teamId, s.tag, s.url])
        ).rows[0];
        await c.query(
          `INSERT INTO change_snapshots (team_id, url, tag, scrape_id, markdown, json, status_code, gone, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
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
      const { rows } = await db.query<{ url: string }>(
        'SELECT url FROM change_snapshots WHERE team_id = $1 AND tag = $2 AND gone = 0 ORDER BY url COLLATE "C"',
        [teamId, tag],
      );
      return rows.map((r) => r.url);
    },
    async forgetTags(teamId, prefix) {
      const r = await db.query('DELETE FROM change_snapshots WHERE team_id = $1 AND substr(tag, 1, length($2)) = $2', [teamId, prefix]);
      return r.rowCount ?? 0;
    },
  };
}
