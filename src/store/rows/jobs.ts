/** Jobs as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { Job, JobStatus } from '../jobs.js';

export interface JobRow {
  id: string;
  kind: string;
  team_id: string;
  status: JobStatus;
  options: string;
  max_concurrency: number | null;
  total: number;
  completed: number;
  failed: number;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  expires_at: string;
}

export const toJob = <O>(r: JobRow): Job<O> => ({
  id: r.id,
  kind: r.kind,
  teamId: r.team_id,
  status: r.status,
  options: JSON.parse(r.options) as O,
  maxConcurrency: r.max_concurrency,
  total: r.total,
  completed: r.completed,
  failed: r.failed,
  error: r.error,
  createdAt: r.created_at,
  completedAt: r.completed_at,
  expiresAt: r.expires_at,
});
