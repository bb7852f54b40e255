import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import type { Document } from '../../src/api/document.js';
import type { Store } from '../../src/store/store.js';
import { type OpenedBackend, storeBackends } from '../helpers/store-backends.js';

const MiB = 1024 * 1024;

function doc(n: number, extra: Partial<Document> = {}): Document {
  return {
    markdown: `page ${n}`,
    ...extra,
    metadata: {
      sourceURL: `https://a.test/${n}`,
      url: `https://a.test/${n}`,
      statusCode: 200,
      scrapeId: `task-${n}`,
      proxyUsed: 'basic',
      cacheState: 'miss',
      creditsUsed: 1,
    },
  };
}

for (const backend of await storeBackends()) describe(`job results store (${backend.name})`, { skip: backend.skip }, () => {
  let opened: OpenedBackend;
  let store: Store;
  let jobId: string;

  beforeEach(async () => {
    opened = await backend.open();
    store = opened.store;
    jobId = (await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} })).id;
  });
  afterEach(async () => {
    await opened.close();
  });

  const all = { skip: 0, maxBytes: 10 * MiB };
  const markdowns = (docs: string[]) => docs.map((d) => (JSON.parse(d) as Document).markdown);

  test('documents come back in the order they were added, each task once, with count and credits', async () => {
    for (const n of [3, 1, 2]) assert.equal(await store.results.addDocument(jobId, `task-${n}`, doc(n)), true);
    assert.equal(await store.results.addDocument(jobId, 'task-1', doc(99)), false, 'a re-run adds nothing');
    await store.results.addDocument(jobId, 'task-4', { ...doc(4), metadata: { ...doc(4).metadata, creditsUsed: 5 } });

    const page = await store.results.page(jobId, all);
    assert.deepEqual(markdowns(page.documents), ['page 3', 'page 1', 'page 2', 'page 4']);
    assert.equal(page.documentCount, 4);
    assert.equal(page.creditsUsed, 8);
    assert.deepEqual(JSON.parse(page.documents[1]!), doc(1), 'the Document round-trips unchanged');
  });

  test('skip and limit select a window; a job without documents has an empty page', async () => {
    for (let n = 0; n < 10; n++) await store.results.addDocument(jobId, `task-${n}`, doc(n));
    assert.deepEqual(markdowns((await store.results.page(jobId, { ...all, skip: 3, limit: 4 })).documents), [
      'page 3', 'page 4', 'page 5', 'page 6',
    ]);
    assert.deepEqual(markdowns((await store.results.page(jobId, { ...all, skip: 8 })).documents), ['page 8', 'page 9']);
    const past = await store.results.page(jobId, { ...all, skip: 10 });
    assert.deepEqual(past.documents, []);
    assert.equal(past.documentCount, 10);
    const countOnly = await store.results.page(jobId, { ...all, skip: Number.MAX_SAFE_INTEGER });
    assert.deepEqual([countOnly.documents, countOnly.documentCount], [[], 10], 'a skip past everything reads just the totals');

    const other = (await store.jobs.create({ kind: 'batch_scrape', teamId: 't1', options: {} })).id;
    assert.deepEqual(await store.results.page(other, all), { documents: [], documentCount: 0, creditsUsed: 0 });
  });

  test('the byte budget cuts a page, but never below one document', async () => {
    const big = (n: number) => doc(n, { markdown: 'x'.repeat(4 * MiB) });
    for (let n = 0; n < 5; n++) await store.results.addDocument(jobId, `task-${n}`, big(n));
    const sizes = async (skip: number) => (await store.results.page(jobId, { skip, maxBytes: 10 * MiB })).documents.length;
    assert.equal(await sizes(0), 2, 'two 4 MiB documents fit in 10 MiB, three do not');
    assert.equal(await sizes(2), 2);
    assert.equal(await sizes(4), 1);
    const tiny = await store.results.page(jobId, { skip: 0, maxBytes: 1 });
    assert.equal(tiny.documents.length, 1, 'one document even when it alone exceeds the budget');
    const page = await store.results.page(jobId, { skip: 0, maxBytes: 10 * MiB });
    assert.ok(page.documents.join(',').length <= 10 * MiB);
  });

  test('errors: recorded once per task, plus page tasks that failed for good without one', async () => {
    assert.equal(await store.results.addError(jobId, { taskId: 'p1', url: 'https://a.test/1', code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out' }), true);
    assert.equal(await store.results.addError(jobId, { taskId: 'p1', url: 'https://a.test/1', error: 'again' }), false);

    const queue = new LocalQueue(store.tasks, { concurrencyOf: { ofPlan: () => 10 } });
    await queue.enqueueMany([
      { id: 'p2', kind: 'page', teamId: 't1', jobId, payload: { url: 'https://a.test/2' }, maxAttempts: 1 },
      { id: 'other', kind: 'other', teamId: 't1', jobId, payload: {}, maxAttempts: 1 },
    ]);
    for (const c of await queue.claim({ owner: 'w', max: 2, kinds: ['page', 'other'], leaseMs: 10_000 })) {
      assert.equal(await queue.fail(c.lease, 'boom'), 'failed');
    }

    const errors = await store.results.errors(jobId);
    assert.deepEqual(
      errors.map(({ timestamp, ...e }) => e),
      [
        { id: 'p1', url: 'https://a.test/1', code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out' },
        { id: 'p2', url: 'https://a.test/2', code: 'UNKNOWN_ERROR', error: 'boom' },
      ],
      'a failed task without a url (not a page) is not listed',
    );
    for (const e of errors) assert.ok(!Number.isNaN(Date.parse(e.timestamp)));
  });

  test('outcome tells what an earlier run recorded', async () => {
    await store.results.addDocument(jobId, 'done', doc(1));
    await store.results.addError(jobId, { taskId: 'broken', url: 'https://a.test/2', code: 'SCRAPE_SITE_ERROR', error: 'refused' });
    assert.deepEqual(await store.results.outcome('done'), { document: doc(1) });
    const broken = await store.results.outcome('broken');
    assert.ok(broken && 'error' in broken);
    assert.equal(broken.error.code, 'SCRAPE_SITE_ERROR');
    assert.equal(await store.results.outcome('never'), null);
  });

  test('robots blocks keep their order, once each', async () => {
    await store.results.addRobotsBlocked(jobId, ['https://a.test/z', 'https://a.test/a']);
    await store.results.addRobotsBlocked(jobId, ['https://a.test/a', 'https://a.test/m']);
    await store.results.addRobotsBlocked(jobId, []);
    assert.deepEqual(await store.results.robotsBlocked(jobId), ['https://a.test/z', 'https://a.test/a', 'https://a.test/m']);
  });

  test('everything goes with its job', async () => {
    await store.results.addDocument(jobId, 'd', doc(1));
    await store.results.addError(jobId, { taskId: 'e', url: 'https://a.test/e', error: 'x' });
    await store.results.addRobotsBlocked(jobId, ['https://a.test/r']);
    assert.equal(await store.jobs.delete([jobId]), 1);
    assert.equal(await store.results.outcome('d'), null);
    assert.equal(await store.results.outcome('e'), null);
    assert.deepEqual(await store.results.robotsBlocked(jobId), []);
    assert.deepEqual(await store.results.page(jobId, all), { documents: [], documentCount: 0, creditsUsed: 0 });
  });
});
