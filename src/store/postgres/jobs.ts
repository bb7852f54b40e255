import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { JobStore } from '../jobs.js';
import { toJob, type JobRow } from '../rows/jobs.js';

export function createPostgresJobStore(db: pg.Pool, retentionMs: number): JobStore {
  return {
    async create({ id = randomUUID(), kind, teamId, options, maxConcurrency = null }) {
      const now = new Date();
      // A running job is never purged; its expiry is set again from when it ends.
      const expiresAt = new Date(now.getTime() + retentionMs).toISOString();
      const { rows } = await db.query<JobRow>(
        `INSERT INTO jobs (id, kind, team_id, status, options, max_concurrency, created_at, expires_at)
         VALUES ($1, $2, $3, 'running', $4, $5, $6, $7) RETURNING *`,
        [id, kind, teamId, JSON.stringify(options ?? null), maxConcurrency, now.toISOString(), expiresAt],
      );
      return toJob(rows[0]!);
    },
    async get<O>(id: string) {
      const r = (await db.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id])).rows[0];
      return r ? toJob<O>(r) : null;
    },
    async running<O>(teamId: string, kind: string) {
      const { rows } = await db.query<JobRow>(
        `SELECT * FROM jobs WHERE team_id = $1 AND kind = $2 AND status = 'running' ORDER BY created_at DESC`,
        [teamId, kind],
      );
      return rows.map((r) => toJob<O>(r));
    },
    async expired(now, limit) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM jobs WHERE expires_at <= $1 AND status <> 'running' ORDER BY expires_at LIMIT $2`,
        [now.toISOString(), limit],
      );
      return rows.map((r) => r.id);
    },
    async delete(ids) {
      if (!ids.length) return 0;
      return (await db.query('DELETE FROM jobs WHERE id = ANY($1::text[])', [ids])).rowCount ?? 0;
    },
  };
}
