import type { ExtractOutcome, ExtractStore, ExtractTargets } from '../extracts.js';
import type { Sql } from './sql.js';

export function createExtractStore(sql: Sql): ExtractStore {
  const targets = async (jobId: string): Promise<ExtractTargets | null> => {
    const text = (await sql.one<{ targets: string | null }>('SELECT targets FROM extract_jobs WHERE job_id = ?', [jobId]))?.targets;
    return text ? (JSON.parse(text) as ExtractTargets) : null;
  };
  return {
    async create(jobId) {
      await sql.run('INSERT INTO extract_jobs (job_id) VALUES (?) ON CONFLICT (job_id) DO NOTHING', [jobId]);
    },
    async settleTargets(jobId, settled) {
      await sql.run('UPDATE extract_jobs SET targets = ? WHERE job_id = ? AND targets IS NULL', [JSON.stringify(settled), jobId]);
      return (await targets(jobId)) ?? settled;
    },
    targets,
    async finish(jobId, outcome) {
      await sql.run('UPDATE extract_jobs SET outcome = ?, error = NULL WHERE job_id = ?', [JSON.stringify(outcome), jobId]);
    },
    async fail(jobId, error) {
      await sql.run('UPDATE extract_jobs SET error = ? WHERE job_id = ? AND outcome IS NULL', [error, jobId]);
    },
    async result(jobId) {
      const row = await sql.one<{ outcome: string | null; error: string | null }>('SELECT outcome, error FROM extract_jobs WHERE job_id = ?', [jobId]);
      if (!row) return null;
      return { outcome: row.outcome ? (JSON.parse(row.outcome) as ExtractOutcome) : null, error: row.error };
    },
  };
}
