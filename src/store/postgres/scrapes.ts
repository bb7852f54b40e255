import type pg from 'pg';
import type { ArtifactStore } from '../artifacts.js';
import type { ScrapeStore } from '../scrapes.js';
import { toScrape, type ScrapeRow } from '../rows/scrapes.js';

const COLUMNS = 'id, team_id, url, document, options, created_at';

export function createPostgresScrapeStore(db: pg.Pool): ScrapeStore {
  return {
    async save(s) {
      await db.query(
        `INSERT INTO scrapes (id, team_id, url, cache_key, document, options, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET team_id = excluded.team_id, url = excluded.url, cache_key = excluded.cache_key,
           document = excluded.document, options = excluded.options, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [
          s.id,
          s.teamId,
          s.url,
          s.cacheKey,
          JSON.stringify(s.document),
          s.options === undefined ? null : JSON.stringify(s.options),
          s.createdAt,
          s.expiresAt,
        ],
      );
    },
    async get<D>(id: string) {
      const r = (await db.query<ScrapeRow>(`SELECT ${COLUMNS} FROM scrapes WHERE id = $1`, [id])).rows[0];
      return r ? toScrape<D>(r) : null;
    },
    async findCached<D>(teamId: string, cacheKey: string, notBefore: Date, notAfter: Date) {
      const r = (
        await db.query<ScrapeRow>(
          `SELECT ${COLUMNS} FROM scrapes
            WHERE team_id = $1 AND cache_key = $2 AND created_at >= $3 AND created_at <= $4
            ORDER BY created_at DESC LIMIT 1`,
          [teamId, cacheKey, notBefore.toISOString(), notAfter.toISOString()],
        )
      ).rows[0];
      return r ? toScrape<D>(r) : null;
    },
    async purgeExpired(now) {
      return (await db.query('DELETE FROM scrapes WHERE expires_at <= $1', [now.toISOString()])).rowCount ?? 0;
    },
  };
}

export function createPostgresArtifactStore(db: pg.Pool): ArtifactStore {
  return {
    async put(a) {
      await db.query(
        `INSERT INTO artifacts (name, team_id, mime_type, data, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET team_id = excluded.team_id, mime_type = excluded.mime_type,
           data = excluded.data, expires_at = excluded.expires_at`,
        [a.name, a.teamId, a.mimeType, a.data, a.expiresAt],
      );
    },
    async get(name) {
      const r = (
        await db.query<{ name: string; team_id: string; mime_type: string; data: Buffer; expires_at: string }>(
          'SELECT name, team_id, mime_type, data, expires_at FROM artifacts WHERE name = $1',
          [name],
        )
      ).rows[0];
      return r ? { name: r.name, teamId: r.team_id, mimeType: r.mime_type, data: r.data, expiresAt: r.expires_at } : null;
    },
    async purgeExpired(now) {
      return (await db.query('DELETE FROM artifacts WHERE expires_at <= $1', [now.toISOString()])).rowCount ?? 0;
    },
  };
}
