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
import type { Db } from './database.js';

export function createSqliteActivityStore(db: Db): ActivityStore {
  const q = {
    purge: db.prepare('DELETE FROM activity WHERE team_id = ? AND created_at < ?'),
    insert: db.prepare('INSERT INTO activity (id, team_id, endpoint, api_version, target, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
    remove: db.prepare('DELETE FROM activity WHERE id = ?'),
    list: db.prepare(
      `SELECT * FROM activity
       WHERE team_id = @teamId AND created_at >= @since AND (@endpoint IS NULL OR endpoint = @endpoint)
         AND (@afterAt IS NULL OR (created_at, id) < (@afterAt, @afterId))
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
  };
  const record = db.transaction((a: Parameters<ActivityStore['record']>[0], keepSince: string) => {
    q.purge.run(a.teamId, keepSince);
    q.insert.run(a.id, a.teamId, a.endpoint, a.apiVersion, a.target, a.createdAt);
  });
  return {
    async record(entry, keepSince) {
      record(entry, keepSince.toISOString());
    },
    async remove(id) {
      q.remove.run(id);
    },
    async list(teamId, { since, limit, endpoint, cursor }) {
      const after = decodeCursor(cursor);
      const rows = q.list.all({
        teamId,
        since: since.toISOString(),
        endpoint: endpoint ?? null,
        afterAt: after?.createdAt ?? null,
        afterId: after?.id ?? null,
        limit: limit + 1,
      }) as ActivityRow[];
      const page = rows.slice(0, limit);
      return { items: page.map(toActivity), cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
    },
  };
}

export function createSqliteFeedbackStore(db: Db): FeedbackStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO feedback (id, team_id, endpoint, job_id, rating, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (team_id, endpoint, job_id) DO NOTHING`,
    ),
    existing: db.prepare('SELECT * FROM feedback WHERE team_id = ? AND endpoint = ? AND job_id = ?'),
    list: db.prepare(
      'SELECT * FROM feedback WHERE team_id = @teamId AND (@endpoint IS NULL OR endpoint = @endpoint) ORDER BY created_at DESC, id DESC LIMIT @limit',
    ),
  };
  return {
    async submit(f) {
      const created = q.insert.run(f.id, f.teamId, f.endpoint, f.jobId, f.rating, JSON.stringify(f.body), f.createdAt).changes === 1;
      const row = q.existing.get(f.teamId, f.endpoint, f.jobId) as FeedbackRow;
      return { feedback: toFeedback(row), created };
    },
    async list(teamId, { limit, endpoint }) {
      return (q.list.all({ teamId, endpoint: endpoint ?? null, limit }) as FeedbackRow[]).map(toFeedback);
    },
  };
}

export function createSqliteTeamSettingStore(db: Db): TeamSettingStore {
  const q = {
    get: db.prepare('SELECT value FROM team_settings WHERE team_id = ? AND name = ?'),
    put: db.prepare(
      `INSERT INTO team_settings (team_id, name, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ),
  };
  return {
    async get<T>(teamId: string, name: string) {
      const row = q.get.get(teamId, name) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async put(teamId, name, value, now) {
      q.put.run(teamId, name, JSON.stringify(value), now.toISOString());
    },
  };
}

export function createSqliteAgentThreadStore(db: Db): AgentThreadStore {
  const q = {
    thread: db.prepare('INSERT INTO agent_threads (id, team_id, created_at, updated_at) VALUES (?, ?, ?, ?)'),
    run: db.prepare('INSERT INTO agent_thread_runs (thread_id, turn, job_id) VALUES (?, ?, ?)'),
    lastTurn: db.prepare('SELECT COALESCE(MAX(turn), 0) AS turn FROM agent_thread_runs WHERE thread_id = ?'),
    touch: db.prepare('UPDATE agent_threads SET updated_at = ? WHERE id = ?'),
    get: db.prepare('SELECT * FROM agent_threads WHERE id = ?'),
    runs: db.prepare('SELECT turn, job_id FROM agent_thread_runs WHERE thread_id = ? ORDER BY turn'),
  };
  const create = db.transaction((id: string, teamId: string, jobId: string, now: string) => {
    q.thread.run(id, teamId, now, now);
    q.run.run(id, 1, jobId);
  });
  const append = db.transaction((threadId: string, jobId: string, now: string) => {
    const turn = (q.lastTurn.get(threadId) as { turn: number }).turn + 1;
    q.run.run(threadId, turn, jobId);
    q.touch.run(now, threadId);
    return turn;
  });
  return {
    async create({ id, teamId, jobId, now }) {
      create(id, teamId, jobId, now);
    },
    async append(threadId, jobId, now) {
      return append(threadId, jobId, now);
    },
    async get(threadId) {
      const row = q.get.get(threadId) as AgentThreadRow | undefined;
      return row ? toAgentThread(row, q.runs.all(threadId) as { turn: number; job_id: string }[]) : null;
    },
  };
}
