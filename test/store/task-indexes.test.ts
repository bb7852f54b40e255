import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { createSqliteStore } from '../../src/store/sqlite/index.js';

/**
 * Every crawled page is a task queued, claimed and completed: each step moves its entry in every
 * index that holds its state, a B-tree page more in the commit's WAL. The claim reads queued and
 * active work alone, so finished tasks leave its index, and a team's last success is all that
 * is read of its completed ones.
 */
test('SQLite: the claim index holds the work in flight only, and the last success is still told', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-task-indexes-'));
  const store = createSqliteStore(dir);
  try {
    const job = await store.jobs.create({ kind: 'crawl', teamId: 'team', options: {} });
    await store.tasks.enqueue(Array.from({ length: 300 }, (_, i) => ({ kind: 'page', teamId: 'team', jobId: job.id, payload: { i } })));
    const claimed = await store.tasks.claimWaiting({ owner: 'test', max: 200, kinds: ['page'], leaseMs: 60_000 }, { ofPlan: () => 1000 });
    assert.equal(claimed.length, 200);
    for (const t of claimed.slice(0, 150)) assert.ok(await store.tasks.complete(t.lease, null));
    const last = (await store.tasks.get(claimed[149]!.task.id))!.finishedAt;

    const db = new Database(path.join(dir, 'trawl.sqlite'), { readonly: true });
    const entries = (index: string) =>
      // An index's entries are in its interior pages too.
      (db.prepare(`SELECT coalesce(sum(ncell), 0) AS n FROM dbstat WHERE name = ?`).get(index) as { n: number }).n;
    try {
      // 100 queued and 50 active; the 150 completed are not there (they were: 300 entries).
      assert.equal(entries('tasks_claim'), 150);
    } finally {
      db.close();
    }
    assert.deepEqual(await store.tasks.counts('team'), { queued: 100, active: 50, mostRecentSuccess: last });
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
