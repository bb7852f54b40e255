/**
 * The queue's units of work, persisted so that they outlive the process. Each
 * method is one atomic state change; the policy around them (retry delays,
 * team limits, waking workers) lives in src/jobs/.
 */

export type TaskState = 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface Task<P = unknown> {
  id: string;
  kind: string;
  teamId: string;
  jobId: string | null;
  payload: P;
  state: TaskState;
  /** Runs started so far, this one included once claimed. */
  attempts: number;
  maxAttempts: number;
  /** Not claimed before this time (retry back-off). */
  runAfter: string;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  /** Its job was cancelled while it ran: it may finish, but is not retried. */
  cancelRequested: boolean;
  result: unknown;
  error: string | null;
  createdAt: string;
  /** Start of the latest attempt. */
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewTask<P = unknown> {
  /**
   * Defaults to a random UUID. Enqueueing an id that exists already does
   * nothing, so a handler that re-runs after a crash can enqueue its
   * follow-up work again under the same ids without doubling it.
   */
  id?: string;
  kind: string;
  teamId: string;
  /** Work for a job that has already ended is dropped. */
  jobId?: string | null;
  payload?: P;
  /** Runs allowed before the task fails for good; default 3. */
  maxAttempts?: number;
  delayMs?: number;
}

/** Proof of a claim: only its holder may heartbeat, complete, fail or release the task. */
export interface Lease {
  taskId: string;
  token: string;
}

export interface ClaimedTask<P = unknown> {
  task: Task<P>;
  lease: Lease;
}

export interface ClaimRequest {
  /** Names the worker in `leaseOwner`, for diagnosis. */
  owner: string;
  max: number;
  /** Kinds the claimer has handlers for; other tasks stay queued. */
  kinds: string[];
  leaseMs: number;
  /**
   * Tasks each team may have active at once. A team missing from the map
   * gets nothing this time (its work arrived after the limits were read).
   */
  teamLimits: ReadonlyMap<string, number>;
}

/**
 * Team limits as plans give them. A plan's limit must not change while the
 * process runs; a team's plan may, and is read by the store at every claim.
 */
export interface PlanLimits {
  /** `null`: a team without a record. */
  ofPlan(plan: string | null): number | Promise<number>;
}

/** What became of a failed run: queued again, ended, or not ours any more. */
export type FailOutcome = 'retrying' | 'failed' | 'cancelled' | 'lost';

export interface TaskCounts {
  /** Waiting, including retries not yet due. */
  queued: number;
  active: number;
  /** Finish time of the team's latest completed task still on record. */
  mostRecentSuccess: string | null;
}

export interface TaskStore {
  /** One transaction; answers the ids in input order. */
  enqueue(tasks: NewTask[]): Promise<string[]>;
  /** Takes back the tasks whose lease expired, as `recoverOrphans` does; answers how many. */
  requeueExpired(): Promise<number>;
  /**
   * `claim` for the teams with queued work, each within the limit `limits`
   * gives it now (its plan's concurrency), after taking back lapsed leases.
   */
  claimWaiting(req: Omit<ClaimRequest, 'teamLimits'>, limits: PlanLimits): Promise<ClaimedTask[]>;
  /**
   * Claims up to `max` due tasks within the team limits and their job's
   * `maxConcurrency`, taking one task per job in turn so that one large job
   * does not starve the others.
   */
  claim(req: ClaimRequest): Promise<ClaimedTask[]>;
  /** Extends the lease; false when it is no longer held. */
  heartbeat(lease: Lease, leaseMs: number): Promise<boolean>;
  /** False (and nothing changes) unless the lease is still held. */
  complete(lease: Lease, result: unknown): Promise<boolean>;
  /** Queues the task again after `retryDelayMs(attempts)` while attempts remain. */
  fail(lease: Lease, error: string, retryDelayMs: (attempt: number) => number): Promise<FailOutcome>;
  /** Puts the task back, the run not counted as an attempt (worker shutting down). */
  release(lease: Lease): Promise<boolean>;
  /** Ends the job as cancelled and drops its queued tasks; active ones may finish. Answers how many were dropped. */
  cancelJob(jobId: string): Promise<number>;
  /**
   * For a process that owns the store exclusively, at start-up: every active
   * task was orphaned by the previous process and is queued again (failed if
   * it has used its attempts), and jobs left with no work are ended.
   */
  recoverOrphans(): Promise<number>;
  counts(teamId: string): Promise<TaskCounts>;
  get<P = unknown>(id: string): Promise<Task<P> | null>;
  /** Deletes ended tasks without a job once the retention period has passed; job tasks go with their job. */
  purgeExpired(now: Date): Promise<number>;
}
