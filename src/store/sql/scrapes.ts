import type { ArtifactStore } from '../artifacts.js';
import { toScrape, type ScrapeRow } from '../rows/scrapes.js';
import type { ScrapeStore } from '../scrapes.js';
import type { Sql } from './sql.js';

const COLUMNS = 'id, team_id, url, document, options, created_at';

// Every page of a crawl is saved with the one options object of its crawl: serialised once.
const optionsJson = new WeakMap<object, string>();

function jsonOf(options: unknown): string {
  if (typeof options !== 'object' || options === null) return JSON.stringify(options);
  let json = optionsJson.get(options);
  if (json === undefined) {
    json = JSON.stringify(options);
    optionsJson.set(options, json);
  }
  return json;
}

export function createScrapeStore(sql: Sql): ScrapeStore {
  return {
    async save(s) {
      await sql.run(
        `INSERT INTO scrapes (id, team_id, url, cache_key, document, options, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET team_id = excluded.team_id, url = excluded.url, cache_key = excluded.cache_key,
           document = excluded.document, options = excluded.options, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [
          s.id,
          s.teamId,
          s.url,
          s.cacheKey,
          JSON.stringify(s.document),
          s.options === undefined ? null : jsonOf(s.options),
          s.createdAt,
          s.expiresAt,
        ],
      );
    },
    async get<D>(id: string) {
      const r = await sql.one<ScrapeRow>(`SELECT ${COLUMNS} FROM scrapes WHERE id = ?`, [id]);
      return r ? toScrape<D>(r) : null;
    },
    async findCached<D>(teamId: string, cacheKey: string, notBefore: Date, notAfter: Date) {
      const r = await sql.one<ScrapeRow>(
        `SELECT ${COLUMNS} FROM scrapes
          WHERE team_id = ? AND cache_key = ? AND created_at >= ? AND created_at <= ?
          ORDER BY created_at DESC LIMIT 1`,
        [teamId, cacheKey, notBefore.toISOString(), notAfter.toISOString()],
      );
      return r ? toScrape<D>(r) : null;
    },
    purgeExpired: (now) => sql.run('DELETE FROM scrapes WHERE expires_at <= ?', [now.toISOString()]),
  };
}

export function createArtifactStore(sql: Sql): ArtifactStore {
  return {
    async put(a) {
      await sql.run(
        `INSERT INTO artifacts (name, team_id, mime_type, data, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET team_id = excluded.team_id, mime_type = excluded.mime_type,
           data = excluded.data, expires_at = excluded.expires_at`,
        [a.name, a.teamId, a.mimeType, a.data, a.expiresAt],
      );
    },
    async get(name) {
      const r = await sql.one<{ name: string; team_id: string; mime_type: string; data: Buffer; expires_at: string }>(
        'SELECT name, team_id, mime_type, data, expires_at FROM artifacts WHERE name = ?',
        [name],
      );
      return r ? { name: r.name, teamId: r.team_id, mimeType: r.mime_type, data: r.data, expiresAt: r.expires_at } : null;
    },
    purgeExpired: (now) => sql.run('DELETE FROM artifacts WHERE expires_at <= ?', [now.toISOString()]),
  };
}
