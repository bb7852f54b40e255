import { randomUUID } from 'node:crypto';
import type { JobStore } from '../jobs.js';
import { toJob, type JobRow } from '../rows/jobs.js';
import type { Sql } from './sql.js';

export function createJobStore(sql: Sql, retentionMs: number): JobStore {
  return {
    async create({ id = randomUUID(), kind, teamId, options, maxConcurrency = null }) {
      const now = new Date();
      // A running job is never purged; its expiry is set again from when it ends.
      const expiresAt = new Date(now.getTime() + retentionMs).toISOString();
      const row = await sql.one<JobRow>(
        `INSERT INTO jobs (id, kind, team_id, status, options, max_concurrency, created_at, expires_at)
         VALUES (?, ?, ?, 'running', ?, ?, ?, ?) RETURNING *`,
        [id, kind, teamId, JSON.stringify(options ?? null), maxConcurrency, now.toISOString(), expiresAt],
      );
      return toJob(row!);
    },
    async get<O>(id: string) {
      const r = await sql.one<JobRow>('SELECT * FROM jobs WHERE id = ?', [id]);
      return r ? toJob<O>(r) : null;
    },
    async running<O>(teamId: string, kind: string) {
      const rows = await sql.all<JobRow>(
        `SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND status = 'running' ORDER BY created_at DESC`,
        [teamId, kind],
      );
      return rows.map((r) => toJob<O>(r));
    },
    async expired(now, limit) {
      const rows = await sql.all<{ id: string }>(
        `SELECT id FROM jobs WHERE expires_at <= ? AND status <> 'running' ORDER BY expires_at LIMIT ?`,
        [now.toISOString(), limit],
      );
      return rows.map((r) => r.id);
    },
    async delete(ids) {
      if (!ids.length) return 0;
      return sql.run(`DELETE FROM jobs WHERE ${sql.dialect.inList('id')}`, [ids]);
    },
  };
}
