import type { ArtifactStore } from '../artifacts.js';
import type { ScrapeStore } from '../scrapes.js';
import type { Db } from './database.js';
import { toScrape, type ScrapeRow } from '../rows/scrapes.js';

export function createSqliteScrapeStore(db: Db): ScrapeStore {
  const q = {
    insert: db.prepare(
      `INSERT OR REPLACE INTO scrapes (id, team_id, url, cache_key, document, options, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    get: db.prepare('SELECT id, team_id, url, document, options, created_at FROM scrapes WHERE id = ?'),
    cached: db.prepare(
      `SELECT id, team_id, url, document, options, created_at FROM scrapes
        WHERE team_id = ? AND cache_key = ? AND created_at >= ? AND created_at <= ?
        ORDER BY created_at DESC LIMIT 1`,
    ),
    purge: db.prepare('DELETE FROM scrapes WHERE expires_at <= ?'),
  };
  return {
    async save(s) {
      q.insert.run(
        s.id,
        s.teamId,
        s.url,
        s.cacheKey,
        JSON.stringify(s.document),
        s.options === undefined ? null : JSON.stringify(s.options),
        s.createdAt,
        s.expiresAt,
      );
    },
    async get<D>(id: string) {
      const r = q.get.get(id) as ScrapeRow | undefined;
      return r ? toScrape<D>(r) : null;
    },
    async findCached<D>(teamId: string, cacheKey: string, notBefore: Date, notAfter: Date) {
      const r = q.cached.get(teamId, cacheKey, notBefore.toISOString(), notAfter.toISOString()) as ScrapeRow | undefined;
      return r ? toScrape<D>(r) : null;
    },
    async purgeExpired(now) {
      return q.purge.run(now.toISOString()).changes;
    },
  };
}

export function createSqliteArtifactStore(db: Db): ArtifactStore {
  const q = {
    put: db.prepare('INSERT OR REPLACE INTO artifacts (name, team_id, mime_type, data, expires_at) VALUES (?, ?, ?, ?, ?)'),
    get: db.prepare('SELECT name, team_id, mime_type, data, expires_at FROM artifacts WHERE name = ?'),
    purge: db.prepare('DELETE FROM artifacts WHERE expires_at <= ?'),
  };
  return {
    async put(a) {
      q.put.run(a.name, a.teamId, a.mimeType, a.data, a.expiresAt);
    },
    async get(name) {
      const r = q.get.get(name) as
        | { name: string; team_id: string; mime_type: string; data: Buffer; expires_at: string }
        | undefined;
      return r ? { name: r.name, teamId: r.team_id, mimeType: r.mime_type, data: r.data, expiresAt: r.expires_at } : null;
    },
    async purgeExpired(now) {
      return q.purge.run(now.toISOString()).changes;
    },
  };
}
