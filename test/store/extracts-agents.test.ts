import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { ExtractOutcome } from '../../src/store/extracts.js';
import type { Store } from '../../src/store/store.js';
import { type OpenedBackend, storeBackends } from '../helpers/store-backends.js';

const outcome: ExtractOutcome = { data: { a: 1 }, sources: {}, warnings: [], tokensUsed: 0, credits: 0, urlTrace: [] };

for (const backend of await storeBackends()) {
  describe(`extract and agent stores (${backend.name})`, { skip: backend.skip }, () => {
    let opened: OpenedBackend;
    let store: Store;

    beforeEach(async () => {
      opened = await backend.open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    test('an extract settles its targets once: a resumed run gets the first ones back; a failure never hides an outcome', async () => {
      const job = await store.jobs.create({ kind: 'extract', teamId: 't', options: {} });
      await store.extracts.create(job.id);
      assert.equal(await store.extracts.targets(job.id), null);
      const first = { urls: ['https://a.test/1'], warnings: ['w'], searchResults: 2 };
      assert.deepEqual(await store.extracts.settleTargets(job.id, first), first);
      assert.deepEqual(await store.extracts.settleTargets(job.id, { urls: ['https://b.test/'], warnings: [], searchResults: 0 }), first);
      await store.extracts.finish(job.id, outcome);
      await store.extracts.fail(job.id, 'late failure');
      assert.deepEqual(await store.extracts.result(job.id), { outcome, error: null });
    });

    test('agent runs: spend adds up, trace events are numbered 1, 2, … per run, the list is newest first before a time', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const job = await store.jobs.create({ kind: 'agent', teamId: 't', options: {} });
        await store.agents.create({ jobId: job.id, teamId: 't', createdAt: `2026-01-0${i + 1}T00:00:00.000Z` });
        ids.push(job.id);
      }
      const other = await store.jobs.create({ kind: 'agent', teamId: 'u', options: {} });
      await store.agents.create({ jobId: other.id, teamId: 'u', createdAt: '2026-01-05T00:00:00.000Z' });

      assert.equal(await store.agents.spend(ids[0]!, 3), 3);
      assert.equal(await store.agents.spend(ids[0]!, 2), 5);
      assert.equal(await store.agents.trace(ids[0]!, { type: 'run.started' }), 1);
      assert.equal(await store.agents.trace(ids[0]!, { type: 'run.finished', outcome: 'succeeded' }), 2);
      assert.equal(await store.agents.trace(ids[1]!, { type: 'run.started' }), 1);
      assert.deepEqual(await store.agents.events(ids[0]!), [
        { seq: 1, event: { type: 'run.started' } },
        { seq: 2, event: { type: 'run.finished', outcome: 'succeeded' } },
      ]);

      assert.deepEqual(await store.agents.list('t', null, 10), [...ids].reverse());
      assert.deepEqual(await store.agents.list('t', '2026-01-03T00:00:00.000Z', 10), [ids[1], ids[0]]);
      assert.deepEqual(await store.agents.list('t', null, 1), [ids[2]]);

      await store.agents.finish(ids[0]!, { data: { x: 1 }, warnings: [] });
      await store.agents.fail(ids[0]!, 'too late');
      const run = await store.agents.get(ids[0]!);
      assert.deepEqual([run?.creditsUsed, run?.outcome, run?.error], [5, { data: { x: 1 }, warnings: [] }, null]);

      // Purging the job takes its run and trace with it.
      await store.jobs.delete([ids[0]!]);
      assert.equal(await store.agents.get(ids[0]!), null);
      assert.deepEqual(await store.agents.events(ids[0]!), []);
    });
  });
}
