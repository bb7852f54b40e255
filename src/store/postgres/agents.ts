import type pg from 'pg';
import type { AgentOutcome, AgentRunRecord, AgentStore, AgentTraceEvent } from '../agents.js';
import { transaction } from './database.js';

interface RunRow {
  job_id: string;
  team_id: string;
  created_at: string;
  credits_used: number;
  outcome: string | null;
  error: string | null;
}

export function createPostgresAgentStore(db: pg.Pool): AgentStore {
  return {
    async create({ jobId, teamId, createdAt }) {
      await db.query('INSERT INTO agent_runs (job_id, team_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING', [
        jobId,
        teamId,
        createdAt,
      ]);
    },
    async get(jobId) {
      const r = (await db.query<RunRow>('SELECT * FROM agent_runs WHERE job_id = $1', [jobId])).rows[0];
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
      const r = await db.query<{ credits_used: number }>(
        'UPDATE agent_runs SET credits_used = credits_used + $1 WHERE job_id = $2 RETURNING credits_used',
        [credits, jobId],
      );
      return r.rows[0]?.credits_used ?? 0;
    },
    async finish(jobId, outcome) {
      await db.query('UPDATE agent_runs SET outcome = $1, error = NULL WHERE job_id = $2', [JSON.stringify(outcome), jobId]);
    },
    async fail(jobId, error) {
      await db.query('UPDATE agent_runs SET error = $1 WHERE job_id = $2 AND outcome IS NULL', [error, jobId]);
    },
    async trace(jobId, event) {
      return transaction(db, async (c) => {
        // One writer at a time per run, so that the next sequence number is never taken twice.
        await c.query(`SELECT pg_advisory_xact_lock(hashtextextended('agent_trace:' || $1, 0))`, [jobId]);
        const r = await c.query<{ seq: number }>(
          `INSERT INTO agent_trace (job_id, seq, event)
           SELECT $1, coalesce(max(seq), 0) + 1, $2 FROM agent_trace WHERE job_id = $1
           RETURNING seq`,
          [jobId, JSON.stringify(event)],
        );
        return r.rows[0]!.seq;
      });
    },
    async events(jobId) {
      const { rows } = await db.query<{ seq: number; event: string }>('SELECT seq, event FROM agent_trace WHERE job_id = $1 ORDER BY seq', [jobId]);
      return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as AgentTraceEvent }));
    },
    async list(teamId, before, limit) {
      const { rows } = await db.query<{ job_id: string }>(
        `SELECT job_id FROM agent_runs WHERE team_id = $1 AND ($2::text IS NULL OR created_at < $2)
         ORDER BY created_at DESC, job_id DESC LIMIT $3`,
        [teamId, before, limit],
      );
      return rows.map((r) => r.job_id);
    },
  };
}
