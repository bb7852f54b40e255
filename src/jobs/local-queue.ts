import type { ClaimedTask, FailOutcome, Lease, NewTask, PlanLimits, TaskCounts, TaskStore } from '../store/tasks.js';
import type { Queue, QueueEvent } from './queue.js';

export interface LocalQueueOptions {
  /** Tasks a team may have active at once: its plan's concurrency (§1.9). */
  concurrencyOf: PlanLimits;
  /** Wait before the run after attempt number `attempt`; defaults to `retryDelayMs` below. */
  retryDelayMs?: (attempt: number) => number;
}

/** 1 s, 2 s, 4 s, … capped at a minute. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** (attempt - 1));

/**
 * The queue of a single Trawl process, its state in the store so that a
 * restart resumes it. Events reach only this process's listeners, which is all
 * there is: the store belongs to one process at a time.
 */
export class LocalQueue implements Queue {
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private readonly retryDelayMs: (attempt: number) => number;

  constructor(
    private readonly tasks: TaskStore,
    private readonly opts: LocalQueueOptions,
  ) {
    this.retryDelayMs = opts.retryDelayMs ?? retryDelayMs;
  }

  async enqueue<P>(task: NewTask<P>): Promise<string> {
    const [id] = await this.enqueueMany([task]);
    return id!;
  }

  async enqueueMany(tasks: NewTask[]): Promise<string[]> {
    if (!tasks.length) return [];
    const ids = await this.tasks.enqueue(tasks);
    this.emit({ type: 'available' });
    return ids;
  }

  async claim(req: { owner: string; max: number; kinds: string[]; leaseMs: number }): Promise<ClaimedTask[]> {
    if (req.max <= 0 || !req.kinds.length) return [];
    return this.tasks.claimWaiting(req, this.opts.concurrencyOf);
  }

  heartbeat(lease: Lease, leaseMs: number): Promise<boolean> {
    return this.tasks.heartbeat(lease, leaseMs);
  }

  async complete(lease: Lease, result?: unknown): Promise<boolean> {
    const done = await this.tasks.complete(lease, result);
    if (done) this.emit({ type: 'available' });
    return done;
  }

  async fail(lease: Lease, error: string): Promise<FailOutcome> {
    const outcome = await this.tasks.fail(lease, error, this.retryDelayMs);
    if (outcome !== 'lost') this.emit({ type: 'available' });
    return outcome;
  }

  async release(lease: Lease): Promise<boolean> {
    const released = await this.tasks.release(lease);
    if (released) this.emit({ type: 'available' });
    return released;
  }

  async cancelJob(jobId: string): Promise<number> {
    const dropped = await this.tasks.cancelJob(jobId);
    this.emit({ type: 'cancelled', jobId });
    return dropped;
  }

  counts(teamId: string): Promise<TaskCounts> {
    return this.tasks.counts(teamId);
  }

  async recoverOrphans(): Promise<number> {
    const recovered = await this.tasks.recoverOrphans();
    if (recovered) this.emit({ type: 'available' });
    return recovered;
  }

  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: QueueEvent) {
    for (const l of this.listeners) l(event);
  }
}
