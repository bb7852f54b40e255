import type { AgentOutcome, AgentStore, AgentTraceEvent } from '../agents.js';
import type { Sql } from './sql.js';

interface RunRow {
  job_id: string;
  team_id: string;
  created_at: string;
  credits_used: number;
  outcome: string | null;
  error: string | null;
}

export function createAgentStore(sql: Sql): AgentStore {
  return {
    async create({ jobId, teamId, createdAt }) {
      await sql.run('INSERT INTO agent_runs (job_id, team_id, created_at) VALUES (?, ?, ?) ON CONFLICT (job_id) DO NOTHING', [
        jobId,
        teamId,
        createdAt,
      ]);
    },
    async get(jobId) {
      const r = await sql.one<RunRow>('SELECT * FROM agent_runs WHERE job_id = ?', [jobId]);
      if (!r) return null;
      return {
        jobId: r.job_id,
        teamId: r.team_id,
        createdAt: r.created_at,
        creditsUsed: r.credits_used,
        outcome: r.outcome ? (JSON.parse(r.outcome) as AgentOutcome) : null,
        error: r.error,
      };
    },
    async spend(jobId, credits) {
      const r = await sql.one<{ credits_used: number }>(
        'UPDATE agent_runs SET credits_used = credits_used + ? WHERE job_id = ? RETURNING credits_used',
        [credits, jobId],
      );
      return r?.credits_used ?? 0;
    },
    async finish(jobId, outcome) {
      await sql.run('UPDATE agent_runs SET outcome = ?, error = NULL WHERE job_id = ?', [JSON.stringify(outcome), jobId]);
    },
    async fail(jobId, error) {
      await sql.run('UPDATE agent_runs SET error = ? WHERE job_id = ? AND outcome IS NULL', [error, jobId]);
    },
    async trace(jobId, event) {
      return sql.tx(async (c) => {
        // One writer at a time per run, so that the next sequence number is never taken twice.
        await c.lock(`agent_trace:${jobId}`);
        const r = await c.one<{ seq: number }>(
          `INSERT INTO agent_trace (job_id, seq, event)
           SELECT ?, coalesce(max(seq), 0) + 1, ? FROM agent_trace WHERE job_id = ?
           RETURNING seq`,
          [jobId, JSON.stringify(event), jobId],
        );
        return r!.seq;
      });
    },
    async events(jobId) {
      const rows = await sql.all<{ seq: number; event: string }>('SELECT seq, event FROM agent_trace WHERE job_id = ? ORDER BY seq', [jobId]);
      return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as AgentTraceEvent }));
    },
    async list(teamId, before, limit) {
      const rows = await sql.all<{ job_id: string }>(
        `SELECT job_id FROM agent_runs WHERE team_id = ? AND (CAST(? AS TEXT) IS NULL OR created_at < ?)
         ORDER BY created_at DESC, job_id DESC LIMIT ?`,
        [teamId, before, before, limit],
      );
      return rows.map((r) => r.job_id);
    },
  };
}
