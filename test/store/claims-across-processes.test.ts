import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createPostgresStore } from '../../src/store/postgres/index.js';
import type { Store } from '../../src/store/store.js';
import type { ClaimedTask } from '../../src/store/tasks.js';
import { freshDatabase, testPostgres } from '../helpers/postgres.js';

const pgServer = await testPostgres().catch(() => null);

const TEAM_LIMIT = 3;
const JOB_LIMIT = 2;

/**
 * Stores with pools of their own on one database claim as Trawl processes on
 * several machines do: each claim is its own transaction on its own
 * connection, at the same moment as the others. SQLite has one process per
 * database (its ownership lock), so this is PostgreSQL's alone.
 */
describe('claims of several processes on one PostgreSQL database', { skip: pgServer ? false : 'no PostgreSQL here: set TRAWL_TEST_DATABASE_URL or install initdb/pg_ctl' }, () => {
  test("never run more of a team's tasks or of a job's than its limit allows, and run every task once", async () => {
    const db = await freshDatabase(pgServer!);
    const stores: Store[] = [];
    try {
      for (let i = 0; i < 3; i++) stores.push(await createPostgresStore(db.url, { maxConnections: 4 }));
      const [first] = stores as [Store];
      const job = await first.jobs.create({ kind: 'crawl', teamId: 'big', options: {}, maxConcurrency: JOB_LIMIT });
      // Two kinds, claimed by different claimers: each claimer's choice is then not
      // just a longer or shorter run of the same queue, so claims that did not see
      // each other would take different tasks and together overfill a team.
      const kindOf = (i: number) => (i % 2 ? 'page' : 'check');
      const ids = new Set([
        ...(await first.tasks.enqueue(Array.from({ length: 40 }, (_, i) => ({ kind: kindOf(i), teamId: 'big', payload: i })))),
        ...(await first.tasks.enqueue(Array.from({ length: 30 }, (_, i) => ({ kind: kindOf(i), teamId: 'big', jobId: job.id, payload: i })))),
        ...(await first.tasks.enqueue(Array.from({ length: 30 }, (_, i) => ({ kind: kindOf(i), teamId: 'small', payload: i })))),
      ]);

      // A task counts as running from its claim until just before its completion
      // is sent: never more than the database counts, so going over the limit
      // here means the database went over it.
      const running = new Map<string, number>();
      const bump = (key: string, by: number) => running.set(key, (running.get(key) ?? 0) + by);
      let mostOfTeam = 0;
      let mostOfJob = 0;
      const claimedIds: string[] = [];
      const teamLimits = new Map([
        ['big', TEAM_LIMIT],
        ['small', TEAM_LIMIT],
      ]);

      let completed = 0;
      let lastClaimAt = Date.now();
      const run = async (store: Store, c: ClaimedTask) => {
        await sleep(Math.random() * 5);
        bump(c.task.teamId, -1);
        if (c.task.jobId) bump(c.task.jobId, -1);
        assert.equal(await store.tasks.complete(c.lease, null), true);
        completed++;
      };
      // Four claimers per store, each claiming as soon as its last claim's tasks are done,
      // until every task is done. A claim finds nothing while the team or the job is full
      // or another process holds the claim lock, as often as the machine's load makes it:
      // only a long stretch with no claim anywhere means tasks are stuck (the checks below
      // then say which).
      const claimer = async (store: Store, n: number) => {
        while (completed < ids.size && Date.now() - lastClaimAt < 10_000) {
          const got = await store.tasks.claim({ owner: `claimer-${n}`, max: 4, kinds: [kindOf(n)], leaseMs: 60_000, teamLimits });
          for (const c of got) {
            claimedIds.push(c.task.id);
            bump(c.task.teamId, 1);
            if (c.task.jobId) bump(c.task.jobId, 1);
          }
          mostOfTeam = Math.max(mostOfTeam, running.get('big') ?? 0, running.get('small') ?? 0);
          mostOfJob = Math.max(mostOfJob, running.get(job.id) ?? 0);
          if (got.length) lastClaimAt = Date.now();
          else await sleep(2);
          await Promise.all(got.map((c) => run(store, c)));
        }
      };
      await Promise.all(stores.flatMap((s, i) => [0, 1, 2, 3].map((j) => claimer(s, i * 4 + j))));

      assert.ok(mostOfTeam <= TEAM_LIMIT, `a team had ${mostOfTeam} tasks running at once, over its limit of ${TEAM_LIMIT}`);
      assert.ok(mostOfJob <= JOB_LIMIT, `the job had ${mostOfJob} tasks running at once, over its maxConcurrency of ${JOB_LIMIT}`);
      assert.equal(mostOfTeam, TEAM_LIMIT, 'the claimers kept a team at its limit at some point (the test puts the limit under pressure)');
      assert.equal(claimedIds.length, ids.size, 'no task was claimed twice');
      assert.deepEqual(new Set(claimedIds), ids, 'every task was claimed');
      assert.equal((await first.jobs.get(job.id))?.status, 'completed');
      for (const team of ['big', 'small']) {
        const counts = await first.tasks.counts(team);
        assert.deepEqual([counts.queued, counts.active], [0, 0]);
      }
    } finally {
      for (const s of stores) await s.close();
      await db.drop();
    }
  });

  test('a claim passes over a team at its limit and waits for a team with room that another process is claiming for', async () => {
    const db = await freshDatabase(pgServer!);
    const store = await createPostgresStore(db.url);
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `full${n}`, kind: 'page', teamId: 'full' })));
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `room${n}`, kind: 'page', teamId: 'room' })));
      const req = { owner: 'test', kinds: ['page'], leaseMs: 60_000 };
      assert.equal((await store.tasks.claim({ ...req, max: 1, teamLimits: new Map([['full', 1]]) })).length, 1);
      // Another process is in the middle of a claim for "room": it holds the team's claim lock.
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock(hashtextextended('claim:room', 0))`);
      const claiming = store.tasks.claim({ ...req, max: 10, teamLimits: new Map([['full', 1], ['room', 2]]) });
      await sleep(100);
      await other.query('COMMIT');
      const got = await claiming;
      assert.deepEqual(got.map((c) => c.task.id).sort(), ['room1', 'room2'], 'the tasks of the team with room, within its limit');
    } finally {
      await other.end();
      await store.close();
      await db.drop();
    }
  });
});
