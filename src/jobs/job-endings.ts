import type { JobStore } from '../store/jobs.js';
import type { TaskStore } from '../store/tasks.js';
import { endEventOf, type JobEvents } from './events.js';
import type { ClaimedTask, FailOutcome, Lease, NewTask, Queue, QueueEvent, TaskCounts } from './queue.js';

/**
 * A queue that announces the end of jobs as job events. The store ends a job
 * by itself, inside the transaction of its last task (or of the cancel), so
 * the end is observed right after those calls return, from the job's new
 * status. Two tasks finishing together may both see the job ended: listeners
 * take a terminal event more than once in their stride (the webhook outbox
 * keys it by job).
 */
export class JobEndingQueue implements Queue {
  /** The job of each task claimed here and not yet ended: what a completion would otherwise read back from the store. */
  private readonly jobOfTask = new Map<string, string>();
  /** Jobs to read on the next turn, for the runs that end in this one; null when none is due. */
  private toRead: { jobs: Set<string>; read: Promise<void> } | null = null;

  constructor(
    private readonly inner: Queue,
    private readonly store: { jobs: JobStore; tasks: TaskStore },
    private readonly events: JobEvents,
  ) {}

  enqueue<P>(task: NewTask<P>): Promise<string> {
    return this.inner.enqueue(task);
  }

  enqueueMany(tasks: NewTask[]): Promise<string[]> {
    return this.inner.enqueueMany(tasks);
  }

  async claim(req: { owner: string; max: number; kinds: string[]; leaseMs: number }): Promise<ClaimedTask[]> {
    const claimed = await this.inner.claim(req);
    for (const { task } of claimed) if (task.jobId) this.jobOfTask.set(task.id, task.jobId);
    return claimed;
  }

  heartbeat(lease: Lease, leaseMs: number): Promise<boolean> {
    return this.inner.heartbeat(lease, leaseMs);
  }

  async complete(lease: Lease, result?: unknown): Promise<boolean> {
    const done = await this.inner.complete(lease, result);
    if (done) await this.announceEndOfTaskJob(lease.taskId);
    else this.jobOfTask.delete(lease.taskId);
    return done;
  }

  async fail(lease: Lease, error: string): Promise<FailOutcome> {
    const outcome = await this.inner.fail(lease, error);
    if (outcome === 'failed' || outcome === 'cancelled') await this.announceEndOfTaskJob(lease.taskId);
    else this.jobOfTask.delete(lease.taskId);
    return outcome;
  }

  release(lease: Lease): Promise<boolean> {
    this.jobOfTask.delete(lease.taskId);
    return this.inner.release(lease);
  }

  async cancelJob(jobId: string): Promise<number> {
    const dropped = await this.inner.cancelJob(jobId);
    await this.announceEnd(jobId);
    return dropped;
  }

  counts(teamId: string): Promise<TaskCounts> {
    return this.inner.counts(teamId);
  }

  // Jobs this ends have no listener yet at start-up; the webhook dispatcher
  // finds them by itself (WebhookOutbox.endedWithoutFinalEvent).
  recoverOrphans(): Promise<number> {
    return this.inner.recoverOrphans();
  }

  subscribe(listener: (event: QueueEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }

  private async announceEndOfTaskJob(taskId: string) {
    const known = this.jobOfTask.get(taskId);
    this.jobOfTask.delete(taskId);
    const jobId = known ?? (await this.store.tasks.get(taskId))?.jobId;
    if (!jobId) return;
    // A claim's batch of runs ends together: one read of each of their jobs tells them all
    // (it starts after each of their ends was recorded, so it sees the jobs as they left
    // them), and they all go on in the same turn, their slots freed for one claim.
    if (!this.toRead) {
      const jobs = new Set<string>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.toRead = null;
        await Promise.all([...jobs].map((id) => this.announceEnd(id)));
      });
      this.toRead = { jobs, read };
    }
    this.toRead.jobs.add(jobId);
    await this.toRead.read;
  }

  private async announceEnd(jobId: string) {
    const job = await this.store.jobs.get(jobId);
    const event = job && endEventOf(job);
    if (event) await this.events.emit(event);
  }
}
