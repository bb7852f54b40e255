import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { concurrencyOf } from '../../src/billing/plans.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const SMALL_KEY = 'fc-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

async function until(what: string, cond: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

describe('GET /v2/team/queue-status and GET /v2/concurrency-check', () => {
  let server: TestServer;
  let teamId: string;
  const holds: (() => void)[] = [];

  before(async () => {
    server = await startTestServer({ TRAWL_API_KEYS: `small:${SMALL_KEY}`, TRAWL_DEFAULT_PLAN: 'free' });
    teamId = (await server.trawl.store.teams.findTeamByName('default'))!.id;
    server.trawl.worker.handle('hold', () => new Promise<void>((resolve) => holds.push(resolve)));
  });
  after(async () => {
    for (const release of holds) release();
    await server.close();
  });

  test('an idle team: zero counts, its plan limit, no success yet', async () => {
    const r = await server.api('GET', '/v2/team/queue-status');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      jobsInQueue: 0,
      activeJobsInQueue: 0,
      waitingJobsInQueue: 0,
      maxConcurrency: concurrencyOf('unlimited'),
      mostRecentSuccess: null,
    });
    const c = await server.api('GET', '/v2/concurrency-check');
    assert.equal(c.status, 200);
    assert.deepEqual(c.body, { success: true, concurrency: 0, maxConcurrency: concurrencyOf('unlimited') });
  });

  test('running and waiting work of the team, then its most recent success', async () => {
    const { queue } = server.trawl;
    await queue.enqueueMany([
      { kind: 'hold', teamId },
      { kind: 'hold', teamId },
      // No handler for these: they wait.
      ...[1, 2, 3].map(() => ({ kind: 'not-handled', teamId })),
    ]);
    await until('both holds run', async () => (await queue.counts(teamId)).active === 2);

    const r = await server.api('GET', '/v2/team/queue-status');
    assert.equal(r.body.jobsInQueue, 5);
    assert.equal(r.body.activeJobsInQueue, 2);
    assert.equal(r.body.waitingJobsInQueue, 3);
    assert.equal(r.body.mostRecentSuccess, null);
    assert.equal((await server.api('GET', '/v2/concurrency-check')).body.concurrency, 2);

    const before = new Date().toISOString();
    holds.splice(0).forEach((release) => release());
    await until('both holds complete', async () => (await queue.counts(teamId)).active === 0);
    const done = await server.api('GET', '/v2/team/queue-status');
    assert.equal(done.body.jobsInQueue, 3);
    assert.equal(done.body.activeJobsInQueue, 0);
    assert.ok(done.body.mostRecentSuccess >= before);
    assert.equal(new Date(done.body.mostRecentSuccess).toISOString(), done.body.mostRecentSuccess);
  });

  test("another team sees only its own queue, with its own plan's limit", async () => {
    const auth = { authorization: `Bearer ${SMALL_KEY}` };
    const r = await server.api('GET', '/v2/team/queue-status', undefined, auth);
    assert.equal(r.status, 200);
    assert.equal(r.body.jobsInQueue, 0);
    assert.equal(r.body.maxConcurrency, concurrencyOf('free'));
    const c = await server.api('GET', '/v2/concurrency-check', undefined, auth);
    assert.deepEqual(c.body, { success: true, concurrency: 0, maxConcurrency: concurrencyOf('free') });
  });
});
