import { randomUUID } from 'node:crypto';
import type { JobStore } from '../jobs.js';
import { toJob, type JobRow } from '../rows/jobs.js';
import type { Db } from './database.js';

export function createSqliteJobStore(db: Db, retentionMs: number): JobStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO jobs (id, kind, team_id, status, options, max_concurrency, created_at, expires_at)
       VALUES (?, ?, ?, 'running', ?, ?, ?, ?) RETURNING *`,
    ),
    byId: db.prepare('SELECT * FROM jobs WHERE id = ?'),
    running: db.prepare(
      `SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND status = 'running' ORDER BY created_at DESC`,
    ),
    expired: db.prepare(
      `SELECT id FROM jobs WHERE expires_at <= ? AND status <> 'running' ORDER BY expires_at LIMIT ?`,
    ).pluck(),
    delete: db.prepare('DELETE FROM jobs WHERE id IN (SELECT value FROM json_each(?))'),
  };

  return {
    async create({ id = randomUUID(), kind, teamId, options, maxConcurrency = null }) {
      const now = new Date();
      // A running job is never purged; its expiry is set again from when it ends.
      const expiresAt = new Date(now.getTime() + retentionMs).toISOString();
      const row = q.insert.get(id, kind, teamId, JSON.stringify(options ?? null), maxConcurrency, now.toISOString(), expiresAt);
      return toJob(row as JobRow);
    },
    async get<O>(id: string) {
      const r = q.byId.get(id) as JobRow | undefined;
      return r ? toJob<O>(r) : null;
    },
    async running<O>(teamId: string, kind: string) {
      return (q.running.all(teamId, kind) as JobRow[]).map((r) => toJob<O>(r));
    },
    async expired(now, limit) {
      return q.expired.all(now.toISOString(), limit) as string[];
    },
    async delete(ids) {
      if (!ids.length) return 0;
      return q.delete.run(JSON.stringify(ids)).changes;
    },
  };
}
