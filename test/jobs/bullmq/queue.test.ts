import assert from 'node:assert/strict';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BullMQQueue } from '../../../src/jobs/bullmq/queue.js';
import { RedisBus } from '../../../src/jobs/redis-bus.js';
import { TaskAbortedError, Worker } from '../../../src/jobs/worker.js';
import { createSqliteStore } from '../../../src/store/sqlite/index.js';
import type { Store } from '../../../src/store/store.js';
import { redisPrefix, testRedis } from '../../helpers/redis.js';
import { tempDataDir } from '../../helpers/server.js';

const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };
/** Workers that never poll: whatever they run, an event from another process woke them for it. */
const NO_POLL = 3_600_000;

/**
 * Several processes on one queue, each with its own Redis connections, as
 * `trawl api` and `trawl worker` processes are; they share one store here as
 * they share PostgreSQL in production.
 */
describe('BullMQ queue across processes', () => {
  let dir: string;
  let store: Store;
  let prefix: string;
  const opened: { close(): Promise<void> }[] = [];
  const workers: Worker[] = [];

  async function process(opts: { sweepMs?: number; retryDelayMs?: number; teamLimit?: number } = {}) {
    const { url } = await testRedis();
    const bus = new RedisBus(url, prefix, log);
    const queue = await BullMQQueue.start(store.tasks, {
      bus,
      redisUrl: url,
      log,
      concurrencyOf: { ofPlan: () => opts.teamLimit ?? 100 },
      retryDelayMs: () => opts.retryDelayMs ?? 50,
      sweepMs: opts.sweepMs ?? 60_000,
    });
    opened.push(queue, bus);
    return queue;
  }

  function worker(queue: BullMQQueue, leaseMs = 30_000) {
    const w = new Worker(queue, { concurrency: 4, pollMs: NO_POLL, leaseMs, log });
    workers.push(w);
    return w;
  }

  beforeEach(() => {
    dir = tempDataDir();
    store = createSqliteStore(dir);
    prefix = redisPrefix();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop(100);
    for (const c of opened.splice(0)) await c.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('work enqueued by the API process wakes a worker process at once', async () => {
    const api = await process();
    const w = worker(await process());
    const ran = new Promise<unknown>((resolve) => w.handle('page', async (task) => resolve(task.payload)));
    w.start();
    await sleep(50); // the worker's first look found nothing
    await api.enqueue({ kind: 'page', teamId: 't1', payload: 'hello' });
    assert.equal(await ran, 'hello');
  });

  test('cancelling a job in the API process aborts its running task in a worker process', async () => {
    const api = await process();
    const w = worker(await process());
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const aborted = new Promise<unknown>((resolve) =>
      w.handle('page', async (_task, { signal }) => {
        started();
        await new Promise((r) => signal.addEventListener('abort', r));
        resolve(signal.reason);
        throw signal.reason;
      }),
    );
    w.start();
    await api.enqueueMany([1, 2].map((n) => ({ kind: 'page', teamId: 't1', jobId: job.id, payload: n })));
    await running;
    await api.cancelJob(job.id);
    const reason = await aborted;
    assert.ok(reason instanceof TaskAbortedError);
    assert.equal(reason.why, 'cancelled');
    assert.equal((await store.jobs.get(job.id))?.status, 'cancelled');
  });

  test('a retry is woken by BullMQ when its back-off ends, in whichever process is free', async () => {
    const q = await process({ retryDelayMs: 300 });
    const w = worker(q);
    const runs: number[] = [];
    const done = new Promise<void>((resolve) =>
      w.handle('page', async (task) => {
        runs.push(task.attempts);
        if (task.attempts === 1) throw new Error('flaky');
        resolve();
      }),
    );
    w.start();
    await q.enqueue({ kind: 'page', teamId: 't1' });
    await done;
    assert.deepEqual(runs, [1, 2]);
  });

  test('the task of a worker that died (its lease lapsed) is run again by another, once', async () => {
    const dead = await process();
    const id = await dead.enqueue({ kind: 'page', teamId: 't1', maxAttempts: 3 });
    // Claimed and never heard of again, as by a process killed with -9.
    assert.equal((await dead.claim({ owner: 'dead', max: 1, kinds: ['page'], leaseMs: 200 })).length, 1);
    const survivor = worker(await process({ sweepMs: 100 }));
    const ran = new Promise<number>((resolve) => survivor.handle('page', async (task) => resolve(task.attempts)));
    survivor.start();
    assert.equal(await ran, 2, 'the interrupted run counts as an attempt');
    // The run is recorded once the handler has returned: waited for, not slept on (a loaded machine outruns a fixed wait).
    const end = Date.now() + 10_000;
    while ((await store.tasks.get(id))?.state !== 'completed' && Date.now() < end) await sleep(20);
    const task = await store.tasks.get(id);
    assert.equal(task?.state, 'completed');
    assert.match(task?.leaseOwner ?? '', /:/, 'completed by the surviving worker');
  });

  test('processes claiming at the same time hold the team to its concurrency', async () => {
    const procs = await Promise.all([1, 2, 3].map(() => process({ teamLimit: 2 })));
    await procs[0]!.enqueueMany(Array.from({ length: 12 }, (_, i) => ({ kind: 'page', teamId: 't1', payload: i })));
    const claimed = (
      await Promise.all(procs.flatMap((q, i) => [1, 2].map((j) => q.claim({ owner: `w${i}.${j}`, max: 5, kinds: ['page'], leaseMs: 30_000 }))))
    ).flat();
    assert.equal(claimed.length, 2);
    assert.equal(new Set(claimed.map((c) => c.task.id)).size, 2);
    assert.equal((await procs[1]!.counts('t1')).active, 2);
  });
});
