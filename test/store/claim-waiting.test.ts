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
    let limits: Record<string, number>;
    let asked: string[];
    const limitOf = (team: string) => {
      asked.push(team);
      return limits[team] ?? 100;
    };

    beforeEach(async () => {
      opened = await backend.open();
      store = opened.store;
      limits = {};
      asked = [];
    });
    afterEach(async () => {
      await opened.close();
    });

    test("a team's limit is read at every claim: raising it lets more run at once", async () => {
      await store.tasks.enqueue([1, 2, 3, 4].map((n) => ({ id: `t${n}`, kind: 'page', teamId: 'team-a' })));
      limits['team-a'] = 1;
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 1);
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 0, 'the team is at its limit');
      limits['team-a'] = 3;
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 2);
      assert.equal((await store.tasks.counts('team-a')).active, 3);
    });

    test('a team whose work arrives after a claim is served by the next one, within its own limit', async () => {
      await store.tasks.enqueue([{ id: 'a1', kind: 'page', teamId: 'team-a' }]);
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 1);
      limits['team-b'] = 2;
      await store.tasks.enqueue([1, 2, 3].map((n) => ({ id: `b${n}`, kind: 'page', teamId: 'team-b' })));
      const got = await store.tasks.claimWaiting(req(), limitOf);
      assert.deepEqual(got.map((c) => c.task.id).sort(), ['b1', 'b2']);
    });

    test('only the limits of teams with queued work are read', async () => {
      await store.tasks.enqueue([{ id: 'a1', kind: 'page', teamId: 'team-a' }, { id: 'b1', kind: 'page', teamId: 'team-b' }]);
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 2);
      await store.tasks.enqueue([{ id: 'c1', kind: 'page', teamId: 'team-c' }]);
      await store.tasks.claimWaiting(req(), limitOf);
      asked = [];
      await store.tasks.enqueue([{ id: 'c2', kind: 'page', teamId: 'team-c' }]);
      assert.equal((await store.tasks.claimWaiting(req(), limitOf)).length, 1);
      assert.deepEqual([...new Set(asked)], ['team-c'], 'teams with nothing queued are not looked up');
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
      const [first] = await store.tasks.claimWaiting(req(10, 1), limitOf);
      assert.ok(first);
      await new Promise((r) => setTimeout(r, 20));
      const [again, ...more] = await store.tasks.claimWaiting(req(), limitOf);
      assert.equal(more.length, 0);
      assert.equal(again?.task.id, 'lapse');
      assert.equal(again?.task.attempts, 2);
      assert.equal(await store.tasks.complete(first.lease, null), false, 'the first run lost its lease');
      assert.equal(await store.tasks.complete(again.lease, null), true);
    });
  });
}
