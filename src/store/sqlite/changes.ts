import type { ChangeStore, Snapshot } from '../changes.js';
import type { Db } from './database.js';
import { toSnapshot, type SnapshotRow } from '../rows/changes.js';

export function createSqliteChangeStore(db: Db): ChangeStore {
  const q = {
    latest: db.prepare('SELECT * FROM change_snapshots WHERE team_id = ? AND tag = ? AND url = ?'),
    upsert: db.prepare(
      `INSERT INTO change_snapshots (team_id, url, tag, scrape_id, markdown, json, status_code, gone, created_at)
       VALUES (@teamId, @url, @tag, @scrapeId, @markdown, @json, @statusCode, @gone, @createdAt)
       ON CONFLICT (team_id, tag, url) DO UPDATE SET scrape_id = excluded.scrape_id, markdown = excluded.markdown,
         json = excluded.json, status_code = excluded.status_code, gone = excluded.gone, created_at = excluded.created_at`,
    ),
    live: db.prepare('SELECT url FROM change_snapshots WHERE team_id = ? AND tag = ? AND gone = 0 ORDER BY url').pluck(),
    forget: db.prepare("DELETE FROM change_snapshots WHERE team_id = ? AND substr(tag, 1, length(?)) = ?"),
  };
  const replace = db.transaction((s: Snapshot): Snapshot | null => {
    const before = q.latest.get(s.teamId, s.tag, s.url) as SnapshotRow | undefined;
    q.upsert.run({ ...s, json: s.json === null || s.json === undefined ? null : JSON.stringify(s.json), gone: s.gone ? 1 : 0 });
    return before ? toSnapshot(before) : null;
  });
  return {
    async latest(teamId, tag, url) {
      const r = q.latest.get(teamId, tag, url) as SnapshotRow | undefined;
      return r ? toSnapshot(r) : null;
    },
    async replace(snapshot) {
      return replace(snapshot);
    },
    async liveUrls(teamId, tag) {
      return q.live.all(teamId, tag) as string[];
    },
    async forgetTags(teamId, prefix) {
      return q.forget.run(teamId, prefix, prefix).changes;
    },
  };
}
