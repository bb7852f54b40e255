/** Tasks as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { Task, TaskState } from '../tasks.js';

export interface TaskRow {
  id: string;
  kind: string;
  team_id: string;
  job_id: string | null;
  payload: string;
  state: TaskState;
  attempts: number;
  max_attempts: number;
  run_after: string;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: string | null;
  cancel_requested_at: string | null;
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const toTask = <P>(r: TaskRow): Task<P> => ({
  id: r.id,
  kind: r.kind,
  teamId: r.team_id,
  jobId: r.job_id,
  payload: JSON.parse(r.payload) as P,
  state: r.state,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAfter: r.run_after,
  leaseOwner: r.lease_owner,
  leaseExpiresAt: r.lease_expires_at,
  cancelRequested: r.cancel_requested_at !== null,
  result: r.result === null ? null : JSON.parse(r.result),
  error: r.error,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});
