import type { AgentOutcome, AgentRunRecord, AgentStore, AgentTraceEvent } from '../agents.js';
import type { Db } from './database.js';

interface RunRow {
  job_id: string;
  team_id: string;
  created_at: string;
  credits_used: number;
  outcome: string | null;
  error: string | null;
}

export function createSqliteAgentStore(db: Db): AgentStore {
  const q = {
    create: db.prepare(
      'INSERT INTO agent_runs (job_id, team_id, created_at) VALUES (?, ?, ?) ON CONFLICT (job_id) DO NOTHING',
    ),
    get: db.prepare('SELECT * FROM agent_runs WHERE job_id = ?'),
    spend: db.prepare('UPDATE agent_runs SET credits_used = credits_used + ? WHERE job_id = ? RETURNING credits_used').pluck(),
    finish: db.prepare('UPDATE agent_runs SET outcome = ?, error = NULL WHERE job_id = ?'),
    fail: db.prepare('UPDATE agent_runs SET error = ? WHERE job_id = ? AND outcome IS NULL'),
    trace: db.prepare(
      `INSERT INTO agent_trace (job_id, seq, event)
       SELECT @jobId, coalesce(max(seq), 0) + 1, @event FROM agent_trace WHERE job_id = @jobId
       RETURNING seq`,
    ).pluck(),
    events: db.prepare('SELECT seq, event FROM agent_trace WHERE job_id = ? ORDER BY seq'),
    list: db.prepare(
      `SELECT job_id FROM agent_runs WHERE team_id = @teamId AND (@before IS NULL OR created_at < @before)
       ORDER BY created_at DESC, job_id DESC LIMIT @limit`,
    ).pluck(),
  };
  return {
    async create({ jobId, teamId, createdAt }) {
      q.create.run(jobId, teamId, createdAt);
    },
    async get(jobId) {
      const r = q.get.get(jobId) as RunRow | undefined;
      if (!r) return null;
      const run: AgentRunRecord = {
        jobId: r.job_id,
        teamId: r.team_id,
        createdAt: r.created_at,
        creditsUsed: r.credits_used,
        outcome: r.outcome ? (JSON.parse(r.outcome) as AgentOutcome) : null,
        error: r.error,
      };
      return run;
    },
    async spend(jobId, credits) {
      return (q.spend.get(credits, jobId) as number | undefined) ?? 0;
    },
    async finish(jobId, outcome) {
      q.finish.run(JSON.stringify(outcome), jobId);
    },
    async fail(jobId, error) {
      q.fail.run(error, jobId);
    },
    async trace(jobId, event) {
      return q.trace.get({ jobId, event: JSON.stringify(event) }) as number;
    },
    async events(jobId) {
      return (q.events.all(jobId) as { seq: number; event: string }[]).map((r) => ({
        seq: r.seq,
        event: JSON.parse(r.event) as AgentTraceEvent,
      }));
    },
    async list(teamId, before, limit) {
      return q.list.all({ teamId, before, limit }) as string[];
    },
  };
}
