import { Queue as BullQueue, Worker as BullWorker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ClaimedTask, FailOutcome, Lease, NewTask, TaskCounts, TaskStore } from '../../store/tasks.js';
import { LocalQueue, type LocalQueueOptions } from '../local-queue.js';
import type { Queue, QueueEvent } from '../queue.js';
import { closeRedis, connectRedis, type RedisBus } from '../redis-bus.js';
import type { RedisLog } from '../redis-health.js';

export interface BullMQQueueOptions extends LocalQueueOptions {
  bus: RedisBus;
  /** For BullMQ's own connections (its worker blocks one). */
  redisUrl: string;
  log: RedisLog;
  /** How often leases that lapsed (their worker died) are taken back, once across all processes. */
  sweepMs?: number;
}

const CHANNEL = 'queue';
const TIMERS = 'timers';

/** `due`: delayed work came due; `sweep`: look for lapsed leases. */
type TimerName = 'due' | 'sweep';

/**
 * The queue shared by many processes (REDIS_URL), for a store they share
 * (PostgreSQL).
 *
 * Tasks, leases and limits stay in the store: a task's end is counted into
 * its job in the same transaction that checks the lease, and the API reads
 * tasks there (queue status, appendToId, monitor checks). Moving them into
 * BullMQ jobs would split that truth across Redis and the database with no
 * transaction spanning both, which is how a page gets lost or doubled.
 * Redis carries what the store cannot:
 * - claims need no lock here: the store serialises the claims of each team
 *   (PostgreSQL: a per-team advisory lock, tried without waiting, held for
 *   the one statement that claims), so team and job concurrency hold exactly
 *   however many processes claim at once, and processes claiming for
 *   different teams do not wait on each other;
 * - `available` (work enqueued, failed or handed back) and `cancelled` reach
 *   every process over pub/sub, so a worker wakes when an API process
 *   enqueues, and a cancel aborts runs wherever they are;
 * - BullMQ keeps the clock: a delayed job wakes the workers when a retry's
 *   back-off or a delayed task comes due, and a job scheduler sweeps lapsed
 *   leases once per `sweepMs` across the cluster, so the task of a worker
 *   killed with -9 runs again elsewhere. Both survive any one process.
 */
export class BullMQQueue implements Queue {
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private readonly inner: LocalQueue;
  private readonly timers: BullQueue;
  private readonly timerWorker: BullWorker;
  private readonly offs: (() => void)[] = [];
  /** Handed to BullMQ, which leaves connections it was given open: closed here. */
  private readonly connections: Redis[];

  private constructor(
    private readonly tasks: TaskStore,
    private readonly opts: BullMQQueueOptions,
  ) {
    this.inner = new LocalQueue(tasks, opts);
    const prefix = opts.bus.prefix;
    this.connections = [connectRedis(opts.redisUrl, `${prefix}:timers`), connectRedis(opts.redisUrl, `${prefix}:timer-worker`)];
    this.timers = new BullQueue(TIMERS, { connection: this.connections[0]!, prefix });
    this.timerWorker = new BullWorker(TIMERS, (job) => this.onTimer(job.name as TimerName), {
      connection: this.connections[1]!,
      prefix,
      autorun: false,
    });
    for (const c of this.connections) opts.bus.health.watch(c);
    // BullMQ repeats its connections' errors (and those of the ones it duplicates): the health watch reports outages once.
    this.timers.on('error', (err) => opts.bus.health.failed(null, err));
    this.timerWorker.on('error', (err) => opts.bus.health.failed(null, err));
  }

  static async start(tasks: TaskStore, opts: BullMQQueueOptions): Promise<BullMQQueue> {
    const q = new BullMQQueue(tasks, opts);
    try {
      q.offs.push(q.inner.subscribe((e) => q.announce(e)));
      q.offs.push(await opts.bus.on(CHANNEL, (e) => q.deliver(e as QueueEvent)));
      const sweep = { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: true } } as const;
      await q.timers.upsertJobScheduler('sweep', { every: opts.sweepMs ?? 5000 }, sweep);
    } catch (err) {
      await q.close();
      throw err;
    }
    void q.timerWorker.run();
    return q;
  }

  async close(): Promise<void> {
    for (const off of this.offs) off();
    await this.timerWorker.close();
    await this.timers.close();
    await Promise.allSettled(this.connections.map(closeRedis));
  }

  async enqueue<P>(task: NewTask<P>): Promise<string> {
    const [id] = await this.enqueueMany([task]);
    return id!;
  }

  async enqueueMany(tasks: NewTask[]): Promise<string[]> {
    const ids = await this.inner.enqueueMany(tasks);
    for (const delay of new Set(tasks.map((t) => t.delayMs ?? 0))) if (delay > 0) await this.wakeIn(delay);
    return ids;
  }

  claim(req: { owner: string; max: number; kinds: string[]; leaseMs: number }): Promise<ClaimedTask[]> {
    return this.inner.claim(req);
  }

  heartbeat(lease: Lease, leaseMs: number): Promise<boolean> {
    return this.inner.heartbeat(lease, leaseMs);
  }

  /**
   * The slot a finished run frees is this process's own, and its worker
   * claims again at once, so only this process is woken. Telling every
   * process of every task completed anywhere would cost each of them a claim
   * per task done in the cluster; work that waits for some other process
   * (none here handles its kind) is found by that process's poll.
   */
  async complete(lease: Lease, result?: unknown): Promise<boolean> {
    const done = await this.tasks.complete(lease, result);
    if (done) this.deliver({ type: 'available' });
    return done;
  }

  async fail(lease: Lease, error: string): Promise<FailOutcome> {
    const outcome = await this.inner.fail(lease, error);
    if (outcome === 'retrying') {
      const task = await this.tasks.get(lease.taskId);
      if (task?.state === 'queued') await this.wakeIn(Date.parse(task.runAfter) - Date.now());
    }
    return outcome;
  }

  release(lease: Lease): Promise<boolean> {
    return this.inner.release(lease);
  }

  cancelJob(jobId: string): Promise<number> {
    return this.inner.cancelJob(jobId);
  }

  counts(teamId: string): Promise<TaskCounts> {
    return this.inner.counts(teamId);
  }

  /**
   * Other processes are running: only the work whose lease lapsed is an
   * orphan. Requeueing every active task, as a lone process does at start,
   * would hand live workers' tasks to a second runner.
   */
  async recoverOrphans(): Promise<number> {
    const recovered = await this.tasks.requeueExpired();
    if (recovered) this.announce({ type: 'available' });
    return recovered;
  }

  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(event: QueueEvent) {
    this.deliver(event);
    this.opts.bus.publish(CHANNEL, event).catch((err) => this.opts.log.error({ err }, 'publishing a queue event failed'));
  }

  private deliver(event: QueueEvent) {
    for (const l of this.listeners) l(event);
  }

  private async wakeIn(delayMs: number) {
    await this.timers.add('due', {}, { delay: Math.max(0, delayMs), removeOnComplete: true, removeOnFail: true });
  }

  private async onTimer(name: TimerName) {
    if (name === 'due') return this.announce({ type: 'available' });
    await this.recoverOrphans();
  }
}
