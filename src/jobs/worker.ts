import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ClaimedTask, Lease, Task } from '../store/tasks.js';
import type { Queue, QueueEvent } from './queue.js';

export interface TaskContext {
  /**
   * Aborted when the task's job is cancelled, when its lease is lost (another
   * worker may be running it), or when the worker stops; `signal.reason` is a
   * TaskAbortedError saying which.
   */
  signal: AbortSignal;
  /** Renews the lease now (it is renewed on a timer as well); false when it is lost. */
  heartbeat(): Promise<boolean>;
}

/** Answers the task's result, stored as JSON; throwing fails the run (retried while attempts remain). */
export type TaskHandler<P = unknown> = (task: Task<P>, ctx: TaskContext) => Promise<unknown>;

export interface WorkerLog {
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  /** Tasks run at once (TRAWL_WORKER_CONCURRENCY). */
  concurrency: number;
  /** How often the queue is looked at when nothing woke the worker, e.g. for retries coming due. */
  pollMs?: number;
  /** A lease not renewed for this long is taken back by the queue; renewed every third of it. */
  leaseMs?: number;
  log?: WorkerLog;
}

export class TaskAbortedError extends Error {
  constructor(
    readonly why: 'cancelled' | 'lease-lost' | 'shutdown',
    message: string,
  ) {
    super(message);
    this.name = 'AbortError';
  }
}

interface Run {
  task: Task;
  lease: Lease;
  controller: AbortController;
  /** Handed back to the queue at shutdown: what the handler does next is not recorded. */
  released: boolean;
  heartbeats: NodeJS.Timeout | undefined;
  done: Promise<void>;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Resolves true when `p` settles within `ms`, false otherwise. */
function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([p.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the tasks of the kinds it has handlers for, up to `concurrency` at once.
 * It claims when something may have become claimable (an enqueue or a freed
 * slot, announced by the queue) and on a short poll for what no event
 * announces (retries coming due, leases expiring).
 */
export class Worker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, TaskHandler>();
  // A set, not a map by task id: after losing its lease a task can be
  // claimed again by this same worker while the stale run is still ending.
  private readonly runs = new Set<Run>();
  private readonly leaseMs: number;
  private readonly log: WorkerLog;
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private pumping: Promise<void> | null = null;
  private wokenWhilePumping = false;
  private pumpSoon: NodeJS.Immediate | undefined;
  private poll: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly queue: Queue,
    private readonly opts: WorkerOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.log = opts.log ?? { error: (obj, msg) => console.error(msg, obj) };
  }

  /** Registers the handler of one task kind; tasks of kinds without one stay queued. */
  handle<P>(kind: string, handler: TaskHandler<P>): this {
    if (this.handlers.has(kind)) throw new Error(`A handler for "${kind}" tasks is registered already`);
    this.handlers.set(kind, handler as TaskHandler);
    this.wake();
    return this;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    this.unsubscribe = this.queue.subscribe((e) => this.onEvent(e));
    this.poll = setInterval(() => this.wake(), this.opts.pollMs ?? 500);
    this.wake();
  }

  /**
   * Stops claiming and gives running tasks `graceMs` to finish; those still
   * running then are aborted and handed back to the queue, to run again on
   * the next start without the interrupted run counting as an attempt.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.state !== 'started') return;
    this.state = 'stopped';
    clearInterval(this.poll);
    clearImmediate(this.pumpSoon);
    this.unsubscribe?.();
    await this.pumping;
    const settled = () => Promise.all([...this.runs].map((r) => r.done));
    if (await within(settled(), graceMs)) return;
    for (const r of this.runs) {
      r.released = true;
      clearInterval(r.heartbeats);
      r.controller.abort(new TaskAbortedError('shutdown', 'The worker is stopping'));
      await this.queue
        .release(r.lease)
        .catch((err) => this.log.error({ err, taskId: r.task.id }, 'releasing a task failed'));
    }
    // Handlers that honour the signal end now; the others are left behind.
    await within(settled(), Math.min(graceMs, 1000));
  }

  /** The tasks running now: what a stop cut short leaves to the lease rules to run again. */
  get inFlight(): Pick<Task, 'id' | 'kind' | 'jobId'>[] {
    return [...this.runs].map(({ task }) => ({ id: task.id, kind: task.kind, jobId: task.jobId }));
  }

  private onEvent(event: QueueEvent) {
    if (event.type === 'available') return this.wake();
    const reason = new TaskAbortedError('cancelled', `Job ${event.jobId} was cancelled`);
    for (const r of this.runs) if (r.task.jobId === event.jobId) r.controller.abort(reason);
  }

  /**
   * The claim starts on the next turn of the event loop: the runs ending in
   * this one (a claim's batch of short tasks ends together, each waking the
   * worker as its completion is recorded and again as it leaves) have all
   * freed their slots by then, and are claimed for at once rather than one
   * or two by the first claim and the rest by the next (each claim's cost in
   * the store hardly depends on how many tasks it takes).
   */
  private wake() {
    if (this.state !== 'started') return;
    if (this.pumping) {
      this.wokenWhilePumping = true;
      return;
    }
    if (this.pumpSoon) return;
    this.pumpSoon = setImmediate(() => {
      this.pumpSoon = undefined;
      if (this.state !== 'started') return;
      this.pumping = this.pump().finally(() => (this.pumping = null));
    });
  }

  private async pump() {
    do {
      this.wokenWhilePumping = false;
      const free = this.opts.concurrency - this.runs.size;
      if (free <= 0 || !this.handlers.size) return;
      let claimed: ClaimedTask[];
      try {
        const kinds = [...this.handlers.keys()];
        claimed = await this.queue.claim({ owner: this.owner, max: free, kinds, leaseMs: this.leaseMs });
      } catch (err) {
        this.log.error({ err }, 'claiming tasks failed');
        return;
      }
      if (this.state !== 'started') {
        for (const c of claimed) await this.queue.release(c.lease);
        return;
      }
      for (const c of claimed) this.run(c);
    } while (this.wokenWhilePumping && this.state === 'started');
  }

  private run({ task, lease }: ClaimedTask) {
    const handler = this.handlers.get(task.kind)!;
    const controller = new AbortController();
    const run: Run = { task, lease, controller, released: false, heartbeats: undefined, done: Promise.resolve() };
    const heartbeat = async () => {
      const held = await this.queue.heartbeat(lease, this.leaseMs);
      if (!held && !run.released) {
        controller.abort(new TaskAbortedError('lease-lost', `The lease of task ${task.id} was lost`));
      }
      return held;
    };
    run.heartbeats = setInterval(() => {
      heartbeat().catch((err) => this.log.error({ err, taskId: task.id }, 'renewing a lease failed'));
    }, this.leaseMs / 3).unref();
    this.runs.add(run);
    run.done = (async () => {
      try {
        const result = await handler(task, { signal: controller.signal, heartbeat });
        if (!run.released) await this.queue.complete(lease, result);
      } catch (err) {
        if (!run.released) await this.queue.fail(lease, messageOf(err));
      }
    })()
      .catch((err) => this.log.error({ err, taskId: task.id }, 'recording the outcome of a task failed'))
      .finally(() => {
        clearInterval(run.heartbeats);
        this.runs.delete(run);
        this.wake();
      });
  }
}
