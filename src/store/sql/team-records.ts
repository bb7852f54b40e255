import type { ActivityStore } from '../activity.js';
import type { AgentThreadStore } from '../agent-threads.js';
import type { FeedbackStore } from '../feedback.js';
import {
  type ActivityRow,
  type AgentThreadRow,
  decodeCursor,
  encodeCursor,
  type FeedbackRow,
  toActivity,
  toAgentThread,
  toFeedback,
} from '../rows/team-records.js';
import type { TeamSettingStore } from '../team-settings.js';
import { readCache } from './read-cache.js';
import type { Sql } from './sql.js';

export function createActivityStore(sql: Sql): ActivityStore {
  return {
    async record(a, keepSince) {
      await sql.tx(async (c) => {
        await c.run('DELETE FROM activity WHERE team_id = ? AND created_at < ?', [a.teamId, keepSince.toISOString()]);
        await c.run('INSERT INTO activity (id, team_id, endpoint, api_version, target, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
          a.id,
          a.teamId,
          a.endpoint,
          a.apiVersion,
          a.target,
          a.createdAt,
        ]);
      });
    },
    async remove(id) {
      await sql.run('DELETE FROM activity WHERE id = ?', [id]);
    },
    async list(teamId, { since, limit, endpoint, cursor }) {
      const after = decodeCursor(cursor);
      const rows = await sql.all<ActivityRow>(
        `SELECT * FROM activity
         WHERE team_id = ? AND created_at >= ? AND (CAST(? AS TEXT) IS NULL OR endpoint = ?)
           AND (CAST(? AS TEXT) IS NULL OR (created_at, id) < (CAST(? AS TEXT), CAST(? AS TEXT)))
         ORDER BY created_at DESC, id DESC LIMIT ?`,
        [teamId, since.toISOString(), endpoint ?? null, endpoint ?? null, after?.createdAt ?? null, after?.createdAt ?? null, after?.id ?? null, limit + 1],
      );
      const page = rows.slice(0, limit);
      return { items: page.map(toActivity), cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
    },
  };
}

export function createFeedbackStore(sql: Sql): FeedbackStore {
  return {
    async submit(f) {
      const created = await sql.run(
        `INSERT INTO feedback (id, team_id, endpoint, job_id, rating, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (team_id, endpoint, job_id) DO NOTHING`,
        [f.id, f.teamId, f.endpoint, f.jobId, f.rating, JSON.stringify(f.body), f.createdAt],
      );
      const row = await sql.one<FeedbackRow>('SELECT * FROM feedback WHERE team_id = ? AND endpoint = ? AND job_id = ?', [f.teamId, f.endpoint, f.jobId]);
      return { feedback: toFeedback(row!), created: created === 1 };
    },
    async list(teamId, { limit, endpoint }) {
      const rows = await sql.all<FeedbackRow>(
        'SELECT * FROM feedback WHERE team_id = ? AND (CAST(? AS TEXT) IS NULL OR endpoint = ?) ORDER BY created_at DESC, id DESC LIMIT ?',
        [teamId, endpoint ?? null, endpoint ?? null, limit],
      );
      return rows.map(toFeedback);
    },
  };
}

/**
 * `exclusive`: every scrape reads its team's threat protection, a read statement a
 * crawled page, so a store that alone writes its database reads settings from memory
 * after the first time. Several processes (PostgreSQL) read the row each time, so that
 * a PUT applies at once on every one of them.
 */
export function createTeamSettingStore(sql: Sql, opts: { exclusive: boolean }): TeamSettingStore {
  const cache = readCache<string | null>(opts.exclusive);
  return {
    async get<T>(teamId: string, name: string) {
      const value = await cache.read(`${teamId}\n${name}`, async () => {
        const row = await sql.one<{ value: string }>('SELECT value FROM team_settings WHERE team_id = ? AND name = ?', [teamId, name]);
        return row?.value ?? null;
      });
      return value === null ? null : (JSON.parse(value) as T);
    },
    async put(teamId, name, value, now) {
      await cache.write(`${teamId}\n${name}`, () =>
        sql.run(
          `INSERT INTO team_settings (team_id, name, value, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (team_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          [teamId, name, JSON.stringify(value), now.toISOString()],
        ),
      );
    },
  };
}

export function createAgentThreadStore(sql: Sql): AgentThreadStore {
  return {
    async create({ id, teamId, jobId, now }) {
      await sql.tx(async (c) => {
        await c.run('INSERT INTO agent_threads (id, team_id, created_at, updated_at) VALUES (?, ?, ?, ?)', [id, teamId, now, now]);
        await c.run('INSERT INTO agent_thread_runs (thread_id, turn, job_id) VALUES (?, 1, ?)', [id, jobId]);
      });
    },
    async append(threadId, jobId, now) {
      return sql.tx(async (c) => {
        // The row lock orders concurrent turns of one thread.
        await c.one(`SELECT id FROM agent_threads WHERE id = ?${c.dialect.forUpdate}`, [threadId]);
        const last = await c.one<{ turn: number }>('SELECT COALESCE(MAX(turn), 0) AS turn FROM agent_thread_runs WHERE thread_id = ?', [threadId]);
        const turn = Number(last!.turn) + 1;
        await c.run('INSERT INTO agent_thread_runs (thread_id, turn, job_id) VALUES (?, ?, ?)', [threadId, turn, jobId]);
        await c.run('UPDATE agent_threads SET updated_at = ? WHERE id = ?', [now, threadId]);
        return turn;
      });
    },
    async get(threadId) {
      const row = await sql.one<AgentThreadRow>('SELECT * FROM agent_threads WHERE id = ?', [threadId]);
      if (!row) return null;
      return toAgentThread(row, await sql.all<{ turn: number; job_id: string }>('SELECT turn, job_id FROM agent_thread_runs WHERE thread_id = ? ORDER BY turn', [threadId]));
    },
  };
}
