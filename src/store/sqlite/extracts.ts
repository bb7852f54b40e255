import type { ExtractOutcome, ExtractStore, ExtractTargets } from '../extracts.js';
import type { Db } from './database.js';

export function createSqliteExtractStore(db: Db): ExtractStore {
  const q = {
    create: db.prepare('INSERT INTO extract_jobs (job_id) VALUES (?) ON CONFLICT (job_id) DO NOTHING'),
    settle: db.prepare('UPDATE extract_jobs SET targets = ? WHERE job_id = ? AND targets IS NULL'),
    targets: db.prepare('SELECT targets FROM extract_jobs WHERE job_id = ?').pluck(),
    finish: db.prepare('UPDATE extract_jobs SET outcome = ?, error = NULL WHERE job_id = ?'),
    fail: db.prepare('UPDATE extract_jobs SET error = ? WHERE job_id = ? AND outcome IS NULL'),
    result: db.prepare('SELECT outcome, error FROM extract_jobs WHERE job_id = ?'),
  };
  const targets = (jobId: string): ExtractTargets | null => {
    const text = q.targets.get(jobId) as string | null | undefined;
    return text ? (JSON.parse(text) as ExtractTargets) : null;
  };
  return {
    async create(jobId) {
      q.create.run(jobId);
    },
    async settleTargets(jobId, settled) {
      q.settle.run(JSON.stringify(settled), jobId);
      return targets(jobId) ?? settled;
    },
    async targets(jobId) {
      return targets(jobId);
    },
    async finish(jobId, outcome) {
      q.finish.run(JSON.stringify(outcome), jobId);
    },
    async fail(jobId, error) {
      q.fail.run(error, jobId);
    },
    async result(jobId) {
      const row = q.result.get(jobId) as { outcome: string | null; error: string | null } | undefined;
      if (!row) return null;
      return { outcome: row.outcome ? (JSON.parse(row.outcome) as ExtractOutcome) : null, error: row.error };
    },
  };
}
