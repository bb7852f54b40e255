import type pg from 'pg';
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
import { transaction } from './database.js';

export function createPostgresActivityStore(db: pg.Pool): ActivityStore {
  return {
    async record(a, keepSince) {
      await transaction(db, async (c) => {
        await c.query('DELETE FROM activity WHERE team_id = $1 AND created_at < $2', [a.teamId, keepSince.toISOString()]);
        await c.query(
          'INSERT INTO activity (id, team_id, endpoint, api_version, target, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [a.id, a.teamId, a.endpoint, a.apiVersion, a.target, a.createdAt],
        );
      });
    },
    async remove(id) {
      await db.query('DELETE FROM activity WHERE id = $1', [id]);
    },
    async list(teamId, { since, limit, endpoint, cursor }) {
      const after = decodeCursor(cursor);
      const { rows } = await db.query<ActivityRow>(
        `SELECT * FROM activity
         WHERE team_id = $1 AND created_at >= $2 AND ($3::text IS NULL OR endpoint = $3)
           AND ($4::text IS NULL OR (created_at, id) < ($4, $5::text))
         ORDER BY created_at DESC, id DESC LIMIT $6`,
        [teamId, since.toISOString(), endpoint ?? null, after?.createdAt ?? null, after?.id ?? null, limit + 1],
      );
      const page = rows.slice(0, limit);
      return { items: page.map(toActivity), cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
    },
  };
}

export function createPostgresFeedbackStore(db: pg.Pool): FeedbackStore {
  return {
    async submit(f) {
      const r = await db.query(
        `INSERT INTO feedback (id, team_id, endpoint, job_id, rating, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (team_id, endpoint, job_id) DO NOTHING`,
        [f.id, f.teamId, f.endpoint, f.jobId, f.rating, JSON.stringify(f.body), f.createdAt],
      );
      const { rows } = await db.query<FeedbackRow>('SELECT * FROM feedback WHERE team_id = $1 AND endpoint = $2 AND job_id = $3', [
        f.teamId,
        f.endpoint,
        f.jobId,
      ]);
      return { feedback: toFeedback(rows[0]!), created: r.rowCount === 1 };
    },
    async list(teamId, { limit, endpoint }) {
      const { rows } = await db.query<FeedbackRow>(
        'SELECT * FROM feedback WHERE team_id = $1 AND ($2::text IS NULL OR endpoint = $2) ORDER BY created_at DESC, id DESC LIMIT $3',
        [teamId, endpoint ?? null, limit],
      );
      return rows.map(toFeedback);
    },
  };
}

export function createPostgresTeamSettingStore(db: pg.Pool): TeamSettingStore {
  return {
    async get<T>(teamId: string, name: string) {
      const { rows } = await db.query<{ value: string }>('SELECT value FROM team_settings WHERE team_id = $1 AND name = $2', [teamId, name]);
      return rows[0] ? (JSON.parse(rows[0].value) as T) : null;
    },
    async put(teamId, name, value, now) {
      await db.query(
        `INSERT INTO team_settings (team_id, name, value, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [teamId, name, JSON.stringify(value), now.toISOString()],
      );
    },
  };
}

export function createPostgresAgentThreadStore(db: pg.Pool): AgentThreadStore {
  return {
    async create({ id, teamId, jobId, now }) {
      await transaction(db, async (c) => {
        await c.query('INSERT INTO agent_threads (id, team_id, created_at, updated_at) VALUES ($1, $2, $3, $3)', [id, teamId, now]);
        await c.query('INSERT INTO agent_thread_runs (thread_id, turn, job_id) VALUES ($1, 1, $2)', [id, jobId]);
      });
    },
    async append(threadId, jobId, now) {
      return transaction(db, async (c) => {
        // The row lock orders concurrent turns of one thread.
        await c.query('SELECT id FROM agent_threads WHERE id = $1 FOR UPDATE', [threadId]);
        const { rows } = await c.query<{ turn: number }>(
          'SELECT COALESCE(MAX(turn), 0)::int AS turn FROM agent_thread_runs WHERE thread_id = $1',
          [threadId],
        );
        const turn = rows[0]!.turn + 1;
        await c.query('INSERT INTO agent_thread_runs (thread_id, turn, job_id) VALUES ($1, $2, $3)', [threadId, turn, jobId]);
        await c.query('UPDATE agent_threads SET updated_at = $1 WHERE id = $2', [now, threadId]);
        return turn;
      });
    },
    async get(threadId) {
      const { rows } = await db.query<AgentThreadRow>('SELECT * FROM agent_threads WHERE id = $1', [threadId]);
      if (!rows[0]) return null;
      const runs = await db.query<{ turn: number; job_id: string }>(
        'SELECT turn, job_id FROM agent_thread_runs WHERE thread_id = $1 ORDER BY turn',
        [threadId],
      );
      return toAgentThread(rows[0], runs.rows);
    },
  };
}
