import assert from 'node:assert/strict';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import { TaskAbortedError, Worker, type WorkerOptions } from '../../src/jobs/worker.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { tempDataDir } from '../helpers/server.js';

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

/** Resolves when the signal aborts, with its reason. */
const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));

describe('worker', () => {
  let dir: string;
  let store: Store;
  let queue: LocalQueue;
  const workers: Worker[] = [];
  const startWorker = (opts: Partial<WorkerOptions> = {}) => {
    const w = new Worker(queue, { concurrency: 4, pollMs: 20, ...opts });
    workers.push(w);
    return w;
  };
  const stateOf = async (id: string) => (await store.tasks.get(id))?.state;

  beforeEach(() => {
    dir = tempDataDir();
    store = createSqliteStore(dir);
    // A team on plan "capped" may run one task at once, any other team 100.
    queue = new LocalQueue(store.tasks, { concurrencyOf: { ofPlan: (plan) => (plan === 'capped' ? 1 : 100) }, retryDelayMs: () => 10 });
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop(100);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('runs each task with the handler of its kind and records what it returns', async () => {
    // A poll this slow shows that an enqueue wakes the worker by itself.
    const w = startWorker({ pollMs: 60_000 });
    w.handle<number>('double', async (task) => task.payload * 2);
    w.start();
    await sleep(20);
    const ids = await queue.enqueueMany([1, 2, 3].map((n) => ({ kind: 'double', teamId: 't1', payload: n })));
    await until('all completed', async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'completed'));
    assert.deepEqual(await Promise.all(ids.map(async (id) => (await store.tasks.get(id))?.result)), [2, 4, 6]);
  });

  test('never runs more than its concurrency, nor more than the team limit', async () => {
    const capped = (await store.teams.createTeam({ name: 'capped', plan: 'capped' })).id;
    const team = (id: string) => (id === capped ? 'capped' : id);
    let running = 0;
    const peak: Record<string, number> = { free: 0, capped: 0 };
    const now: Record<string, number> = { free: 0, capped: 0 };
    const w = startWorker({ concurrency: 2 });
    w.handle('slow', async (task) => {
      running++;
      now[team(task.teamId)]!++;
      peak[team(task.teamId)] = Math.max(peak[team(task.teamId)]!, now[team(task.teamId)]!);
      assert.ok(running <= 2, 'worker concurrency exceeded');
      await sleep(15);
      running--;
      now[team(task.teamId)]!--;
    });
    const ids = await queue.enqueueMany([
      ...Array.from({ length: 6 }, () => ({ kind: 'slow', teamId: 'free' })),
      ...Array.from({ length: 3 }, () => ({ kind: 'slow', teamId: capped })),
    ]);
    w.start();
    await until('all completed', async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'completed'));
    assert.equal(peak.capped, 1);
    assert.equal(peak.free, 2);
  });

  test('a handler that throws is retried, and its task completes when a later attempt succeeds', async () => {
    const w = startWorker();
    const seen: number[] = [];
    w.handle('flaky', async (task) => {
      seen.push(task.attempts);
      if (task.attempts < 3) throw new Error(`flake ${task.attempts}`);
      return 'ok';
    });
    w.start();
    const id = await queue.enqueue({ kind: 'flaky', teamId: 't1', maxAttempts: 3 });
    await until('completed', async () => (await stateOf(id)) === 'completed');
    assert.deepEqual(seen, [1, 2, 3]);
    const task = await store.tasks.get(id);
    assert.equal(task?.attempts, 3);
    assert.equal(task?.result, 'ok');
    assert.equal(task?.error, null);
  });

  test('a handler that keeps throwing fails its task after the last attempt', async () => {
    const w = startWorker();
    w.handle('broken', async () => {
      throw new Error('always');
    });
    w.start();
    const id = await queue.enqueue({ kind: 'broken', teamId: 't1', maxAttempts: 2 });
    await until('failed', async () => (await stateOf(id)) === 'failed');
    const task = await store.tasks.get(id);
    assert.equal(task?.attempts, 2);
    assert.equal(task?.error, 'always');
  });

  test("cancelling a job aborts its running tasks' signals and ends them as cancelled", async () => {
    const w = startWorker();
    let reason: unknown;
    w.handle('wait', async (_task, { signal }) => {
      reason = await aborted(signal);
      throw signal.reason;
    });
    w.start();
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    const [running, queued] = await queue.enqueueMany([
      { kind: 'wait', teamId: 't1', jobId: job.id },
      { kind: 'wait', teamId: 't1', jobId: job.id, delayMs: 60_000 },
    ]);
    await until('running', async () => (await stateOf(running!)) === 'active');
    assert.equal(await queue.cancelJob(job.id), 1);
    await until('cancelled', async () => (await stateOf(running!)) === 'cancelled');
    assert.ok(reason instanceof TaskAbortedError);
    assert.equal(reason.why, 'cancelled');
    assert.equal(await stateOf(queued!), 'cancelled');
    assert.equal((await store.jobs.get(job.id))?.status, 'cancelled');
  });

  test('a task whose lease was taken back is aborted and its late result is not recorded', async () => {
    const w = startWorker({ leaseMs: 60 });
    let firstRunStarted = false;
    let reason: unknown;
    let staleReturned = false;
    w.handle('wait', async (task, { signal }) => {
      if (task.attempts > 1) return 'second run';
      firstRunStarted = true;
      reason = await aborted(signal);
      await sleep(50);
      staleReturned = true;
      return 'too late';
    });
    w.start();
    const id = await queue.enqueue({ kind: 'wait', teamId: 't1' });
    // Not "until the task is active": on a loaded machine the 60 ms lease can lapse
    // before a heartbeat, the task is taken back and run again, and a poll of its
    // state may never see it active. A lapsed lease is lost all the same.
    await until('running', () => firstRunStarted);
    // What a restarted owner of the store does: the running task is taken back.
    await store.tasks.recoverOrphans();
    await until('aborted', () => reason !== undefined);
    assert.equal((reason as TaskAbortedError).why, 'lease-lost');
    await until('the stale run returned', () => staleReturned);
    await until('completed', async () => (await stateOf(id)) === 'completed');
    assert.equal((await store.tasks.get(id))?.result, 'second run');
  });

  test('stop lets in-flight tasks finish within the grace period', async () => {
    const w = startWorker();
    w.handle('short', async () => {
      await sleep(50);
      return 'finished';
    });
    w.start();
    const id = await queue.enqueue({ kind: 'short', teamId: 't1' });
    await until('running', async () => (await stateOf(id)) === 'active');
    await w.stop(2000);
    assert.equal(await stateOf(id), 'completed');
    assert.equal((await store.tasks.get(id))?.result, 'finished');
  });

  test('stop hands tasks still running after the grace period back to the queue, for the next worker', async () => {
    const w = startWorker();
    let reason: unknown;
    w.handle('long', async (_task, { signal }) => {
      reason = await aborted(signal);
      throw signal.reason;
    });
    w.start();
    const id = await queue.enqueue({ kind: 'long', teamId: 't1', maxAttempts: 1 });
    await until('running', async () => (await stateOf(id)) === 'active');
    await w.stop(30);
    assert.equal((reason as TaskAbortedError).why, 'shutdown');
    const task = await store.tasks.get(id);
    assert.equal(task?.state, 'queued');
    assert.equal(task?.attempts, 0, 'the interrupted run is not counted');

    const next = startWorker();
    next.handle('long', async () => 'done this time');
    next.start();
    await until('completed', async () => (await stateOf(id)) === 'completed');
  });

  test('a handler registered after start gets the tasks that were waiting for it', async () => {
    const w = startWorker({ pollMs: 60_000 });
    w.start();
    const id = await queue.enqueue({ kind: 'late', teamId: 't1' });
    await sleep(20);
    assert.equal(await stateOf(id), 'queued');
    w.handle('late', async () => 'handled');
    await until('completed', async () => (await stateOf(id)) === 'completed');
  });

  test('runs ending together are claimed for by one claim, not one or two first and the rest after', async () => {
    // Completions recorded together, as PostgreSQL's group commit records them.
    const complete = queue.complete.bind(queue);
    const waiting: (() => void)[] = [];
    queue.complete = async (lease, result) => {
      const done = await complete(lease, result);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 4) for (const r of waiting.splice(0)) r();
      });
      return done;
    };
    const claim = queue.claim.bind(queue);
    const asked: number[] = [];
    queue.claim = async (req) => {
      const got = await claim(req);
      if (got.length) asked.push(req.max);
      return got;
    };
    const w = startWorker({ pollMs: 60_000 });
    w.handle('quick', async () => 'done');
    w.start();
    const ids = await queue.enqueueMany(Array.from({ length: 12 }, () => ({ kind: 'quick', teamId: 't1' })));
    await until('all completed', async () => (await Promise.all(ids.map(stateOf))).every((s) => s === 'completed'));
    assert.deepEqual(asked, [4, 4, 4], 'each batch of 4 ending together frees 4 slots, claimed at once');
  });
});
