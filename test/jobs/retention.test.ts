import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import { Retention } from '../../src/jobs/retention.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { tempDataDir } from '../helpers/server.js';

const HOUR = 3600_000;

describe('retention', () => {
  let dir: string;
  let store: Store;
  let queue: LocalQueue;

  beforeEach(() => {
    dir = tempDataDir();
    store = createSqliteStore(dir, { jobRetentionMs: HOUR });
    queue = new LocalQueue(store.tasks, { concurrencyOf: { ofPlan: () => 10 } });
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A job with one task, run to completion. */
  async function finishedJob() {
    const job = await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} });
    const taskId = await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id });
    const [c] = await queue.claim({ owner: 'w', max: 1, kinds: ['page'], leaseMs: 10_000 });
    await queue.complete(c!.lease, 'doc');
    return { job: (await store.jobs.get(job.id))!, taskId };
  }

  test('an expired job is purged with its tasks and the rows keyed by it; a fresh one is kept', async () => {
    const old = await finishedJob();
    await sleep(20);
    const fresh = await finishedJob();
    assert.equal(old.job.status, 'completed');
    assert.equal(Date.parse(old.job.expiresAt) - Date.parse(old.job.completedAt!), HOUR);

    // A table a later capability adds: it joins the purge through its foreign key.
    const other = new Database(path.join(dir, 'trawl.sqlite'));
    other.exec('CREATE TABLE documents (job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE, body TEXT)');
    const insert = other.prepare('INSERT INTO documents VALUES (?, ?)');
    insert.run(old.job.id, 'old page');
    insert.run(fresh.job.id, 'fresh page');

    const retention = new Retention(store);
    const hooked: string[][] = [];
    retention.onPurge(async (ids) => void hooked.push(ids));

    const between = new Date(Date.parse(old.job.expiresAt) + 1);
    assert.ok(between.toISOString() < fresh.job.expiresAt);
    assert.deepEqual(await retention.sweep(between), { jobs: 1, tasks: 0 });

    assert.equal(await store.jobs.get(old.job.id), null);
    assert.equal(await store.tasks.get(old.taskId), null);
    assert.ok(await store.jobs.get(fresh.job.id));
    assert.ok(await store.tasks.get(fresh.taskId));
    assert.deepEqual(other.prepare('SELECT body FROM documents').pluck().all(), ['fresh page']);
    assert.deepEqual(hooked, [[old.job.id]]);
    other.close();
  });

  test('a running job is never purged, however old', async () => {
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't1', options: {} });
    await queue.enqueue({ kind: 'page', teamId: 't1', jobId: job.id });
    await new Retention(store).sweep(new Date(Date.now() + 48 * HOUR));
    assert.equal((await store.jobs.get(job.id))?.status, 'running');
  });

  test('tasks without a job are purged a retention period after they ended, not while queued', async () => {
    const done = await queue.enqueue({ kind: 'check', teamId: 't1' });
    const waiting = await queue.enqueue({ kind: 'other', teamId: 't1' });
    const [c] = await queue.claim({ owner: 'w', max: 1, kinds: ['check'], leaseMs: 10_000 });
    await queue.complete(c!.lease);

    const retention = new Retention(store);
    assert.deepEqual(await retention.sweep(new Date(Date.now() + HOUR / 2)), { jobs: 0, tasks: 0 });
    assert.deepEqual(await retention.sweep(new Date(Date.now() + HOUR + 1000)), { jobs: 0, tasks: 1 });
    assert.equal(await store.tasks.get(done), null);
    assert.ok(await store.tasks.get(waiting));
  });

  test('when a purge hook fails the job is kept, and the next sweep tries again', async () => {
    const { job } = await finishedJob();
    const retention = new Retention(store);
    let fail = true;
    retention.onPurge(async () => {
      if (fail) throw new Error('disk busy');
    });
    const later = new Date(Date.now() + 2 * HOUR);
    await assert.rejects(retention.sweep(later), /disk busy/);
    assert.ok(await store.jobs.get(job.id));
    fail = false;
    assert.equal((await retention.sweep(later)).jobs, 1);
    assert.equal(await store.jobs.get(job.id), null);
  });
});
