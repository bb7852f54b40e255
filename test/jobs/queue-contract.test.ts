import assert from 'node:assert/strict';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BullMQQueue } from '../../src/jobs/bullmq/queue.js';
import { LocalQueue, type LocalQueueOptions } from '../../src/jobs/local-queue.js';
import type { Queue, QueueEvent } from '../../src/jobs/queue.js';
import { RedisBus } from '../../src/jobs/redis-bus.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import type { TaskStore } from '../../src/store/tasks.js';
import { redisPrefix, testRedis } from '../helpers/redis.js';
import { tempDataDir } from '../helpers/server.js';

const LEASE = 30_000;

/** The Queue contract, held by both implementations: one process's, and the one processes share through Redis. */
interface Backend {
  name: string;
  /** Alone on its store, so every active task at start-up is an orphan. */
  exclusive: boolean;
  make(tasks: TaskStore, opts: LocalQueueOptions): Promise<{ queue: Queue; close(): Promise<void> }>;
}

const backends: Backend[] = [
  { name: 'local', exclusive: true, make: async (tasks, opts) => ({ queue: new LocalQueue(tasks, opts), close: async () => {} }) },
  {
    name: 'BullMQ',
    exclusive: false,
    async make(tasks, opts) {
      const { url } = await testRedis();
      const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };
      const bus = new RedisBus(url, redisPrefix(), log);
      const queue = await BullMQQueue.start(tasks, { ...opts, bus, redisUrl: url, log });
      return {
        queue,
        async close() {
          await queue.close();
          await bus.close();
        },
      };
    },
  },
];

for (const backend of backends) describe(`${backend.name} queue`, () => {
  let dir: string;
  let store: Store;
  let queue: Queue;
  let closeQueue: () => Promise<void>;
  const claim = (max = 10, owner = 'w1', leaseMs = LEASE) => queue.claim({ owner, max, kinds: ['page'], leaseMs });

  beforeEach(async () => {
    dir = tempDataDir();
    store = createSqliteStore(dir);
    // A team on plan "small" may run two tasks at once, any other team 100.
    const concurrencyOf = { ofPlan: (plan: string | null) => (plan === 'small' ? 2 : 100) };
    ({ queue, close: closeQueue } = await backend.make(store.tasks, { concurrencyOf, retryDelayMs: () => 300 }));
  });
  afterEach(async () => {
    await closeQueue();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a task is enqueued, claimed once, completed, and its job ends with it', async () => {
    const job = await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: { formats: ['markdown'] } });
    const id = await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id, payload: { url: 'https://a.test/' } });

    const [c, ...more] = await claim();
    assert.ok(c);
    assert.equal(more.length, 0);
    assert.equal(c.task.id, id);
    assert.deepEqual(c.task.payload, { url: 'https://a.test/' });
    assert.equal(c.task.state, 'active');
    assert.equal(c.task.attempts, 1);
    assert.equal(c.task.leaseOwner, 'w1');
    assert.deepEqual(await claim(), [], 'an active task is not handed out twice');

    assert.equal(await queue.complete(c.lease, { bytes: 42 }), true);
    const done = await store.tasks.get(id);
    assert.equal(done?.state, 'completed');
    assert.deepEqual(done?.result, { bytes: 42 });
    assert.ok(done?.finishedAt);

    const after = await store.jobs.get(job.id);
    assert.equal(after?.status, 'completed');
    assert.equal(after?.total, 1);
    assert.equal(after?.completed, 1);
    assert.ok(after?.completedAt);
    assert.ok(Date.parse(after!.expiresAt) > Date.now() + 23 * 3600_000, 'kept 24 hours from when it ended');
  });

  test('only the current lease can complete: a stale worker cannot complete a task re-claimed since', async () => {
    const id = await queue.enqueue({ kind: 'page', teamId: 't1' });
    const [first] = await claim(1, 'w1', 1);
    assert.ok(first);
    assert.equal(await queue.complete({ taskId: id, token: 'forged' }, 'x'), false);

    await sleep(5);
    const [second] = await claim(1, 'w2');
    assert.ok(second, 'the expired lease is taken back and the task claimed again');
    assert.equal(second.task.id, id);
    assert.equal(second.task.attempts, 2);
    assert.equal(second.task.leaseOwner, 'w2');

    assert.equal(await queue.heartbeat(first.lease, LEASE), false);
    assert.equal(await queue.complete(first.lease, 'stale'), false);
    assert.equal(await queue.fail(first.lease, 'stale'), 'lost');
    assert.equal((await store.tasks.get(id))?.state, 'active', 'the stale calls changed nothing');

    assert.equal(await queue.heartbeat(second.lease, LEASE), true);
    assert.equal(await queue.complete(second.lease, 'fresh'), true);
    assert.equal(await queue.complete(second.lease, 'again'), false, 'completion is recorded once');
    assert.equal((await store.tasks.get(id))?.result, 'fresh');
  });

  test('a failed run is retried after a back-off until its attempts are used, then fails with its job', async () => {
    const job = await store.jobs.create({ kind: 'extract', teamId: 't1', options: {} });
    const id = await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id, maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [c] = await claim();
      assert.ok(c, `attempt ${attempt} is claimed`);
      assert.equal(c.task.attempts, attempt);
      const outcome = await queue.fail(c.lease, `boom ${attempt}`);
      assert.equal(outcome, attempt < 3 ? 'retrying' : 'failed');
      if (attempt < 3) {
        assert.deepEqual(await claim(), [], 'not due before its back-off');
        assert.equal((await store.jobs.get(job.id))?.status, 'running', 'a retrying task keeps its job running');
        await sleep(320);
      }
    }
    const task = await store.tasks.get(id);
    assert.equal(task?.state, 'failed');
    assert.equal(task?.error, 'boom 3');
    const ended = await store.jobs.get(job.id);
    assert.equal(ended?.status, 'failed');
    assert.equal(ended?.failed, 1);
    assert.equal(ended?.error, 'boom 3');
  });

  test('team concurrency 2: five tasks never run more than two at once, and other teams are not held up', async () => {
    const small = (await store.teams.createTeam({ name: 'small', plan: 'small' })).id;
    for (let i = 0; i < 5; i++) await queue.enqueue({ kind: 'page', teamId: small, payload: i });
    await queue.enqueue({ kind: 'page', teamId: 'other' });

    const first = await claim();
    assert.equal(first.filter((c) => c.task.teamId === small).length, 2);
    assert.equal(first.filter((c) => c.task.teamId === 'other').length, 1);

    const active = first.filter((c) => c.task.teamId === small);
    const done: unknown[] = [];
    let peak = active.length;
    while (active.length) {
      const c = active.shift()!;
      await queue.complete(c.lease);
      done.push(c.task.payload);
      active.push(...(await claim()));
      peak = Math.max(peak, active.length);
      assert.equal((await queue.counts(small)).active, active.length);
    }
    assert.equal(peak, 2);
    assert.deepEqual(done, [0, 1, 2, 3, 4], 'first in, first out');
  });

  test("a job's maxConcurrency holds its tasks back without holding back the team's other work", async () => {
    const crawl = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {}, maxConcurrency: 1 });
    const batch = await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} });
    await queue.enqueueMany([1, 2, 3].map((n) => ({ kind: 'page', teamId: 't1', jobId: crawl.id, payload: n })));
    await queue.enqueueMany([1, 2].map((n) => ({ kind: 'page', teamId: 't1', jobId: batch.id, payload: n })));

    const claimed = await claim();
    assert.equal(claimed.filter((c) => c.task.jobId === crawl.id).length, 1);
    assert.equal(claimed.filter((c) => c.task.jobId === batch.id).length, 2);
    assert.deepEqual(await claim(), []);

    await queue.complete(claimed.find((c) => c.task.jobId === crawl.id)!.lease);
    const next = await claim();
    assert.equal(next.length, 1);
    assert.equal(next[0]!.task.jobId, crawl.id);
    assert.equal(next[0]!.task.payload, 2);
  });

  test('jobs take turns: a large job does not starve a small one queued after it', async () => {
    const big = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    const small = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    await queue.enqueueMany(Array.from({ length: 20 }, () => ({ kind: 'page', teamId: 't1', jobId: big.id })));
    await queue.enqueue({ kind: 'page', teamId: 't1', jobId: small.id });
    const claimed = await claim(2);
    assert.deepEqual(claimed.map((c) => c.task.jobId).sort(), [big.id, small.id].sort());
  });

  test('cancelJob drops queued tasks, lets active ones finish, and does not retry them', async () => {
    const events: QueueEvent[] = [];
    queue.subscribe((e) => events.push(e));
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    await queue.enqueueMany([1, 2, 3, 4].map((n) => ({ kind: 'page', teamId: 't1', jobId: job.id, payload: n })));
    const [a, b] = await claim(2);
    assert.ok(a && b);

    assert.equal(await queue.cancelJob(job.id), 2);
    assert.deepEqual(events.at(-1), { type: 'cancelled', jobId: job.id });
    assert.deepEqual(await claim(), [], 'queued tasks are gone');
    assert.equal((await store.jobs.get(job.id))?.status, 'cancelled');

    assert.equal(await queue.complete(a.lease, 'finished anyway'), true);
    assert.equal(await queue.fail(b.lease, 'aborted'), 'cancelled');
    assert.equal((await store.tasks.get(b.lease.taskId))?.state, 'cancelled');

    const ended = await store.jobs.get(job.id);
    assert.equal(ended?.status, 'cancelled', 'the last task ending does not turn a cancelled job into a completed one');
    assert.equal(ended?.completed, 1);

    await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id });
    assert.equal((await store.jobs.get(job.id))?.total, 4, 'work for an ended job is dropped');
    assert.equal((await queue.counts('t1')).queued, 0);
  });

  test('counts: queued, active and the most recent success of a team', async () => {
    assert.deepEqual(await queue.counts('t1'), { queued: 0, active: 0, mostRecentSuccess: null });
    await queue.enqueueMany([1, 2, 3].map(() => ({ kind: 'page', teamId: 't1' })));
    await queue.enqueue({ kind: 'page', teamId: 't1', delayMs: 60_000 });
    const [c] = await claim(1);
    assert.deepEqual(await queue.counts('t1'), { queued: 3, active: 1, mostRecentSuccess: null });
    const before = new Date().toISOString();
    await queue.complete(c!.lease);
    const counts = await queue.counts('t1');
    assert.equal(counts.queued, 3);
    assert.equal(counts.active, 0);
    assert.ok(counts.mostRecentSuccess && counts.mostRecentSuccess >= before);
    assert.equal(new Date(counts.mostRecentSuccess).toISOString(), counts.mostRecentSuccess);
    assert.deepEqual(await queue.counts('nobody'), { queued: 0, active: 0, mostRecentSuccess: null });
  });

  test('enqueueing an existing id does nothing, so re-running a handler does not double its follow-up work', async () => {
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    const tasks = ['a', 'b'].map((id) => ({ id: `${job.id}:${id}`, kind: 'page', teamId: 't1', jobId: job.id }));
    assert.deepEqual(await queue.enqueueMany(tasks), [`${job.id}:a`, `${job.id}:b`]);
    await queue.enqueueMany(tasks);
    assert.equal((await store.jobs.get(job.id))?.total, 2);
    assert.equal((await queue.counts('t1')).queued, 2);
    await assert.rejects(queue.enqueue({ kind: 'page', teamId: 't1', jobId: 'no-such-job' }), /no such job/);
  });

  test('tasks of kinds the claimer has no handler for stay queued', async () => {
    await queue.enqueue({ kind: 'extract', teamId: 't1' });
    assert.deepEqual(await claim(), []);
    assert.equal((await queue.claim({ owner: 'w', max: 1, kinds: ['extract'], leaseMs: LEASE })).length, 1);
  });

  test('recoverOrphans queues orphaned tasks again, fails those out of attempts, and ends jobs left without work', async () => {
    const live = backend.exclusive ? null : await queue.enqueue({ kind: 'page', teamId: 't1' });
    if (live) assert.equal((await claim(1, 'w2')).length, 1);
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    const again = await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id, maxAttempts: 2 });
    const spent = await queue.enqueue({ kind: 'page', teamId: 't1', maxAttempts: 1 });
    // Shared, a task is an orphan once its lease lapses; alone, any active task is.
    assert.equal((await claim(10, 'w1', backend.exclusive ? LEASE : 1)).length, 2);
    await sleep(5);
    const empty = await store.jobs.create({ kind: 'extract', teamId: 't1', options: {} });

    const recovered = await queue.recoverOrphans();
    // Shared, the cluster-wide lease sweep (a BullMQ job scheduler) may have taken them back first.
    if (backend.exclusive) assert.equal(recovered, 2);
    else assert.ok(recovered <= 2, `recovered ${recovered}`);
    if (live) assert.equal((await store.tasks.get(live))?.state, 'active', "a live worker's task is left alone");
    const requeued = await store.tasks.get(again);
    assert.equal(requeued?.state, 'queued');
    assert.equal(requeued?.attempts, 1, 'the interrupted run counts as an attempt');
    assert.equal((await store.tasks.get(spent))?.state, 'failed');
    assert.equal((await store.jobs.get(job.id))?.status, 'running');
    const cut = await store.jobs.get(empty.id);
    if (backend.exclusive) {
      assert.equal(cut?.status, 'failed');
      assert.match(cut?.error ?? '', /before any of its work was queued/);
    } else {
      assert.equal(cut?.status, 'running', 'another process may be about to queue its work');
    }

    const [c] = await claim();
    assert.equal(c?.task.id, again);
    assert.equal(c?.task.attempts, 2);
  });

  test('release hands a task back without spending an attempt', async () => {
    const id = await queue.enqueue({ kind: 'page', teamId: 't1', maxAttempts: 1 });
    const [c] = await claim();
    assert.equal(await queue.release(c!.lease), true);
    assert.equal(await queue.complete(c!.lease), false);
    const [again] = await claim();
    assert.equal(again?.task.id, id);
    assert.equal(again?.task.attempts, 1);
  });
});
