/**
 * The asynchronous jobs users start and poll (crawl, batch scrape, extract,
 * agent). A job's work runs as tasks (tasks.ts); the job is the record the
 * status endpoints read.
 */

/**
 * Neutral lifecycle; each route maps it onto its wire values (`running` is
 * `scraping` for a crawl, `processing` for an extract, §1.14).
 */
export type JobStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface Job<O = unknown> {
  id: string;
  kind: string;
  teamId: string;
  status: JobStatus;
  options: O;
  /** Tasks of this job allowed to run at once; null: only the team's limit applies. */
  maxConcurrency: number | null;
  /** Tasks enqueued for the job. */
  total: number;
  /** Tasks that completed; counted in the same transaction as the task, so never twice. */
  completed: number;
  /** Tasks that failed for good (after their retries). */
  failed: number;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  /** When the job and everything keyed by its id will be purged (§1.14). */
  expiresAt: string;
}

export interface NewJob<O = unknown> {
  id?: string;
  kind: string;
  teamId: string;
  options: O;
  maxConcurrency?: number | null;
}

export interface JobStore {
  /**
   * The job starts `running` and ends by itself once it has no queued or
   * active task left: `completed` if any task completed, otherwise `failed`
   * with the last task error. Cancelling goes through the queue.
   */
  create<O>(input: NewJob<O>): Promise<Job<O>>;
  get<O = unknown>(id: string): Promise<Job<O> | null>;
  /** The team's running jobs of one kind, newest first. */
  running<O = unknown>(teamId: string, kind: string): Promise<Job<O>[]>;
  /** Ids of ended jobs whose `expiresAt` is at or before `now`, oldest first. */
  expired(now: Date, limit: number): Promise<string[]>;
  /** Deletes the jobs with their tasks and every row that references them (see 002-jobs.sql). */
  delete(ids: string[]): Promise<number>;
}
