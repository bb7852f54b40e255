import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { createPostgresStore } from '../../src/store/postgres/index.js';
import { freshDatabase, testPostgres } from '../helpers/postgres.js';

const pgServer = await testPostgres().catch(() => null);

/**
 * What a claim reads on PostgreSQL while other transactions are open, as they
 * always are in a busy cluster: the tasks claimed before stay in the queued
 * work's indexes, and no scan may drop them while a snapshot can still see them.
 */
describe('claims on PostgreSQL read the queue from its newest work', { skip: pgServer ? false : 'no PostgreSQL here: set TRAWL_TEST_DATABASE_URL or install initdb/pg_ctl' }, () => {
  test('finding the teams with queued work does not read the tasks claimed before', async () => {
    const db = await freshDatabase(pgServer!);
    const store = await createPostgresStore(db.url);
    const reader = new pg.Client({ connectionString: db.url });
    const other = new pg.Client({ connectionString: db.url });
    await reader.connect();
    await other.connect();
    try {
      const job = await store.jobs.create({ kind: 'crawl', teamId: 'team', options: {} });
      // Pages' worth of payload: a few tasks a heap page, so that a task visited is a buffer read.
      const payload = randomBytes(750).toString('hex');
      await store.tasks.enqueue(Array.from({ length: 1500 }, () => ({ kind: 'page', teamId: 'team', jobId: job.id, payload })));
      // Another process's transaction, open while the claims below commit.
      await other.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await other.query('SELECT 1');
      const limits = { ofPlan: () => 1500 };
      let claimed = 0;
      for (let i = 0; i < 10; i++) claimed += (await store.tasks.claimWaiting({ owner: 'test', max: 100, kinds: ['page'], leaseMs: 60_000 }, limits)).length;
      assert.equal(claimed, 1000);
      // Called with no team's limit, the claim only looks for the teams with queued work, and says so.
      // Its second call: the first also reads the catalog, to plan.
      const now = new Date();
      const probe = () =>
        reader.query<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT * FROM trawl_claim_due('[]'::json, $1, '{page}', 100, 'probe', $2)`,
          [now.toISOString(), new Date(now.getTime() + 60_000).toISOString()],
        );
      await probe();
      const plan = (await probe()).rows[0]!['QUERY PLAN'][0].Plan;
      // From the oldest queued task up, the probe visited each of the 1,000 claimed tasks (~250 buffers).
      assert.ok(plan['Shared Hit Blocks'] + plan['Shared Read Blocks'] < 100, `${plan['Shared Hit Blocks'] + plan['Shared Read Blocks']} buffers read`);
    } finally {
      await other.end();
      await reader.end();
      await store.close();
      await db.drop();
    }
  });
});
