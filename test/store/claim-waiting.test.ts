import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { Store } from '../../src/store/store.js';
import { type OpenedBackend, storeBackends } from '../helpers/store-backends.js';

// The claim a queue makes: the teams with queued work found by the store, each
// held to the limit its plan gives it now. On PostgreSQL this is one call that
// remembers which teams were waiting at the last claim; these are the cases
// where that memory is wrong or the queue holds more than it names.

const req = (max = 100, leaseMs = 60_000) => ({ owner: 'test', max, kinds: ['page'], leaseMs });

for (const backend of await storeBackends()) {
  describe(`claims of the teams with queued work (${backend.name})`, { skip: backend.skip }, () => {
    let opened: OpenedBackend;
    let store: Store;
    let asked: (string | null)[];
    /** Tasks at once by plan; a team without a record may run 100. */
    const byPlan: Record<string, number> = { one: 1, two: 2, three: 3 };
    const limits = {
      ofPlan: (plan: string | null) => {
        asked.push(plan);
        return plan === null ? 100 : byPlan[plan]!;
      },
    };
    const teamOn = async (plan: string) => (await store.teams.createTeam({ name: plan, plan })).id;

    beforeEach(async () => {
      opened = await backend.open();
      store = opened.store;
      asked = [];
    });
    afterEach(async () => {
      await opened.close();
    });

    test("a team's plan is read at every claim: a larger plan lets more run at once", async () => {
      const a = await teamOn('one');
      await store.tasks.enqueue([1, 2, 3, 4].map((n) => ({ id: `t${n}`, kind: 'page', teamId: a })));
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 1);
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 0, 'the team is at its limit');
      await store.teams.setTeamPlan(a, 'three');
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 2);
      assert.equal((await store.tasks.counts(a)).active, 3);
    });

    test('a team whose work arrives after a claim is served by the next one, within its own limit', async () => {
      await store.tasks.enqueue([{ id: 'a1', kind: 'page', teamId: 'team-a' }]);
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 1);
      const b = await teamOn('two');
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `b${n}`, kind: 'page', teamId: b })));
      const got = await store.tasks.claimWaiting(req(), limits);
      assert.deepEqual(got.map((c) => c.task.id).sort(), ['b1', 'b2']);
    });

    test('only the plans of teams with queued work are read', async () => {
      const [a, b, c] = [await teamOn('one'), await teamOn('two'), await teamOn('three')];
      await store.tasks.enqueue([{ id: 'a1', kind: 'page', teamId: a }, { id: 'b1', kind: 'page', teamId: b }]);
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 2);
      asked = [];
      await store.tasks.enqueue([{ id: 'c1', kind: 'page', teamId: c }]);
      assert.equal((await store.tasks.claimWaiting(req(), limits)).length, 1);
      assert.deepEqual([...new Set(asked)], ['three'], 'the plans of teams with nothing queued are not looked up');
    });

    test("limits by plan: a team's plan is read at every claim, a team without a record gets the limit of none", async () => {
      const team = await store.teams.createTeam({ name: 'a', plan: 'small' });
      const byPlan: Record<string, number> = { small: 1, large: 3 };
      const plans = { ofPlan: (plan: string | null) => (plan === null ? 2 : byPlan[plan]!) };
      await store.tasks.enqueue([1, 2, 3, 4].map((n) => ({ id: `t${n}`, kind: 'page', teamId: team.id })));
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `x${n}`, kind: 'page', teamId: 'team-without-record' })));
      const teamOf = (got: { task: { teamId: string } }[]) => got.map((c) => (c.task.teamId === team.id ? 'a' : 'x')).sort();
      assert.deepEqual(teamOf(await store.tasks.claimWaiting(req(), plans)), ['a', 'x', 'x']);
      assert.deepEqual(teamOf(await store.tasks.claimWaiting(req(), plans)), [], 'both teams are at their limits');
      await store.teams.setTeamPlan(team.id, 'large');
      assert.deepEqual(teamOf(await store.tasks.claimWaiting(req(), plans)), ['a', 'a']);
      assert.equal((await store.tasks.counts(team.id)).active, 3);
    });

    test('a lapsed lease is taken back by the next claim, which runs the task again', async () => {
      await store.tasks.enqueue([{ id: 'lapse', kind: 'page', teamId: 'team-a' }]);
      const [first] = await store.tasks.claimWaiting(req(10, 1), limits);
      assert.ok(first);
      await new Promise((r) => setTimeout(r, 20));
      const [again, ...more] = await store.tasks.claimWaiting(req(), limits);
      assert.equal(more.length, 0);
      assert.equal(again?.task.id, 'lapse');
      assert.equal(again?.task.attempts, 2);
      assert.equal(await store.tasks.complete(first.lease, null), false, 'the first run lost its lease');
      assert.equal(await store.tasks.complete(again.lease, null), true);
    });
  });
}
