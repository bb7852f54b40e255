import type pg from 'pg';
import type { ExtractOutcome, ExtractStore, ExtractTargets } from '../extracts.js';

export function createPostgresExtractStore(db: pg.Pool): ExtractStore {
  const targets = async (jobId: string): Promise<ExtractTargets | null> => {
    const text = (await db.query<{ targets: string | null }>('SELECT targets FROM extract_jobs WHERE job_id = $1', [jobId])).rows[0]?.targets;
    return text ? (JSON.parse(text) as ExtractTargets) : null;
  };
  return {
    async create(jobId) {
      await db.query('INSERT INTO extract_jobs (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING', [jobId]);
    },
    async settleTargets(jobId, settled) {
      await db.query('UPDATE extract_jobs SET targets = $1 WHERE job_id = $2 AND targets IS NULL', [JSON.stringify(settled), jobId]);
      return (await targets(jobId)) ?? settled;
    },
    targets,
    async finish(jobId, outcome) {
      await db.query('UPDATE extract_jobs SET outcome = $1, error = NULL WHERE job_id = $2', [JSON.stringify(outcome), jobId]);
    },
    async fail(jobId, error) {
      await db.query('UPDATE extract_jobs SET error = $1 WHERE job_id = $2 AND outcome IS NULL', [error, jobId]);
    },
    async result(jobId) {
      const row = (await db.query<{ outcome: string | null; error: string | null }>('SELECT outcome, error FROM extract_jobs WHERE job_id = $1', [jobId]))
        .rows[0];
      if (!row) return null;
      return { outcome: row.outcome ? (JSON.parse(row.outcome) as ExtractOutcome) : null, error: row.error };
    },
  };
}
