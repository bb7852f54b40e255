import type { ClaimedTask, FailOutcome, Lease, NewTask, TaskCounts } from '../store/tasks.js';

export type { ClaimedTask, FailOutcome, Lease, NewTask, Task, TaskCounts } from '../store/tasks.js';

/**
 * `available`: work may be claimable now (something was enqueued, or a slot a
 * limit was holding back freed up). `cancelled`: a job was cancelled, so its
 * running tasks should be told to stop.
 */
export type QueueEvent = { type: 'available' } | { type: 'cancelled'; jobId: string };

/**
 * Where work waits and who holds it. Every call is one atomic state change of
 * one or more tasks; a task is held through a lease, and only the lease's
 * holder can move it on, so a worker that lost its lease (its process died, it
 * stalled) cannot complete a task another worker has taken since.
 *
 * LocalQueue serves one process; BullMQQueue (bullmq/queue.ts) serves
 * processes sharing a store, with Redis carrying claims' lock, wake-ups and timers.
 */
export interface Queue {
  enqueue<P>(task: NewTask<P>): Promise<string>;
  enqueueMany(tasks: NewTask[]): Promise<string[]>;
  /**
   * Up to `max` due tasks of the given kinds, within each team's concurrency
   * and each job's `maxConcurrency`; work over a limit stays queued.
   */
  claim(req: { owner: string; max: number; kinds: string[]; leaseMs: number }): Promise<ClaimedTask[]>;
  /** Renews the lease for `leaseMs`; false when it is no longer held. */
  heartbeat(lease: Lease, leaseMs: number): Promise<boolean>;
  /** Records the result; false (nothing recorded) when the lease is no longer held. */
  complete(lease: Lease, result?: unknown): Promise<boolean>;
  /** Retries with back-off until the task's attempts are used up, then fails it. */
  fail(lease: Lease, error: string): Promise<FailOutcome>;
  /** Hands the task back without counting the run as an attempt. */
  release(lease: Lease): Promise<boolean>;
  /** Ends the job as cancelled: its queued tasks are dropped, active ones may finish. */
  cancelJob(jobId: string): Promise<number>;
  counts(teamId: string): Promise<TaskCounts>;
  /** Start-up recovery of the work a dead process left active. */
  recoverOrphans(): Promise<number>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: (event: QueueEvent) => void): () => void;
}
