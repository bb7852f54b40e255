import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Document } from '../../src/api/document.js';
import { rawSql } from '../helpers/raw-sql.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The status, cancel and errors machinery every crawl-like job shares, read
// through the batch routes, on jobs and documents put in the store directly.

const OTHER_KEY = 'fc-0000000000000000000000000000beef';
const MiB = 1024 * 1024;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function doc(n: number, markdown = `page ${n}`): Document {
  return {
    markdown,
    metadata: {
      sourceURL: `https://a.test/${n}`,
      url: `https://a.test/${n}`,
      statusCode: 200,
      scrapeId: `d${n}`,
      proxyUsed: 'basic',
      cacheState: 'miss',
      creditsUsed: 1,
    },
  };
}

describe('job status, cancel and errors (§7.2–§7.4, §1.14.1)', () => {
  let s: TestServer;
  let teamId: string;
  const asOther = { authorization: `Bearer ${OTHER_KEY}` };
  const held = new Map<string, string[]>();

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    teamId = (await s.trawl.store.teams.findTeamByName('default'))!.id;
  });
  after(() => s.close());

  /** A batch job with `tasks` tasks no worker runs (so it stays running) and `docs` documents. */
  async function batch(opts: { tasks?: number; docs?: number; markdown?: (n: number) => string; kind?: string } = {}) {
    const { store, queue } = s.trawl;
    const job = await store.jobs.create({ kind: opts.kind ?? 'batch_scrape', teamId, options: {} });
    const taskIds = await queue.enqueueMany(
      Array.from({ length: opts.tasks ?? 1 }, () => ({ kind: 'test.held', teamId, jobId: job.id })),
    );
    held.set(job.id, taskIds);
    for (let n = 0; n < (opts.docs ?? 0); n++) {
      await store.results.addDocument(job.id, `${job.id}-${n}`, doc(n, opts.markdown?.(n)));
    }
    return job.id;
  }

  /** Runs every held task to completion, which ends their jobs, `jobId`'s among them. */
  async function finish(jobId: string) {
    const { queue } = s.trawl;
    for (;;) {
      const claimed = await queue.claim({ owner: 'test', max: 100, kinds: ['test.held'], leaseMs: 10_000 });
      if (!claimed.length) break;
      for (const c of claimed) await queue.complete(c.lease);
    }
    const job = await s.trawl.store.jobs.get(jobId);
    assert.equal(job?.status, 'completed');
  }

  const status = (id: string, query = '', headers?: Record<string, string>) =>
    s.api('GET', `/v2/batch/scrape/${id}${query}`, undefined, headers);

  /** Follows `next` links from the first page, as the JS SDK's paginator does. */
  async function allPages(id: string, query = '') {
    const pages = [(await status(id, query)).body];
    while (pages.at(-1).next) {
      const res = await fetch(pages.at(-1).next, { headers: { authorization: `Bearer ${s.key}` } });
      assert.equal(res.status, 200);
      pages.push(await res.json());
      assert.ok(pages.length < 50, 'pagination ends');
    }
    return pages;
  }

  test('the envelope: wire status, integer counters, ISO times, duration; running until the job ends', async () => {
    const id = await batch({ tasks: 3, docs: 2 });
    const r = await status(id);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
    const b = r.body;
    assert.equal(b.success, true);
    assert.equal(b.status, 'scraping');
    assert.equal(b.total, 3);
    assert.equal(b.completed, 2);
    assert.equal(b.creditsUsed, 2);
    assert.match(b.expiresAt, ISO);
    assert.match(b.createdAt, ISO);
    assert.equal(b.completedAt, null);
    assert.equal(typeof b.duration, 'number');
    assert.deepEqual(b.data, [doc(0), doc(1)]);
    assert.equal(b.next, `${s.url}/v2/batch/scrape/${id}?skip=2`, 'running: more documents may come');

    await finish(id);
    const done = (await status(id)).body;
    assert.equal(done.status, 'completed');
    assert.match(done.completedAt, ISO);
    assert.ok(Date.parse(done.expiresAt) > Date.parse(done.completedAt) + 23 * 3600_000, 'kept 24 h from the end');
    assert.equal(done.duration, (Date.parse(done.completedAt) - Date.parse(done.createdAt)) / 1000);
  });

  test('skip and limit: next carries both, every page repeats the full envelope, the last has no next', async () => {
    const id = await batch({ tasks: 5, docs: 5 });
    await finish(id);
    const first = (await status(id, '?limit=2')).body;
    assert.equal(first.next, `${s.url}/v2/batch/scrape/${id}?skip=2&limit=2`);
    const pages = await allPages(id, '?limit=2');
    assert.deepEqual(pages.map((p) => p.data.length), [2, 2, 1]);
    assert.deepEqual(pages.flatMap((p) => p.data), [0, 1, 2, 3, 4].map((n) => doc(n)));
    for (const p of pages) {
      assert.equal(p.success, true);
      assert.equal(p.status, 'completed');
      assert.equal(p.total, 5);
      assert.equal(p.completed, 5);
      assert.equal(p.creditsUsed, 5);
      assert.match(p.expiresAt, ISO);
    }
    assert.equal('next' in pages[2], false);

    const tail = (await status(id, '?skip=3')).body;
    assert.deepEqual(tail.data, [doc(3), doc(4)]);
    assert.equal('next' in tail, false);
    const past = (await status(id, '?skip=9')).body;
    assert.deepEqual(past.data, []);
    assert.equal('next' in past, false);

    assert.equal((await status(id, '?skip=-1')).status, 400);
    assert.equal((await status(id, '?limit=0')).status, 400);
  });

  test('while running, a page with documents links on (more may come); an empty page does not, so paginators stop', async () => {
    const id = await batch({ tasks: 10, docs: 3 });
    const whole = (await status(id)).body;
    assert.equal(whole.total, 10);
    assert.equal(whole.data.length, 3);
    assert.equal(whole.next, `${s.url}/v2/batch/scrape/${id}?skip=3`, 'the 7 pages not finished yet may come');
    const empty = (await status(id, '?skip=3')).body;
    assert.deepEqual(empty.data, []);
    assert.equal('next' in empty, false, 'nothing yet past the end: the SDK paginator stops instead of asking again');
    assert.deepEqual((await allPages(id)).flatMap((p) => p.data), [doc(0), doc(1), doc(2)]);

    const cut = (await status(id, '?limit=2')).body;
    assert.equal(cut.next, `${s.url}/v2/batch/scrape/${id}?skip=2&limit=2`, 'a page cut by limit links on');
    const rest = (await status(id, '?skip=2&limit=2')).body;
    assert.deepEqual(rest.data, [doc(2)]);
    assert.equal(rest.next, `${s.url}/v2/batch/scrape/${id}?skip=3&limit=2`);

    await s.trawl.store.results.addDocument(id, 'late', doc(3));
    const grown = (await status(id, '?skip=3&limit=2')).body;
    assert.deepEqual(grown.data, [doc(3)], 'the link of the empty page now leads to the new document');

    await finish(id);
    const ended = (await status(id, '?skip=2&limit=2')).body;
    assert.equal(ended.status, 'completed');
    assert.equal('next' in ended, false, 'ended: only documents that exist are linked');
  });

  test('a page stays within 10 MiB, with at least one document however big', async () => {
    const id = await batch({ tasks: 1, docs: 5, markdown: (n) => `${n}`.repeat(4 * MiB) });
    await finish(id);
    const pages = await allPages(id);
    assert.deepEqual(pages.map((p) => p.data.length), [2, 2, 1]);
    for (const p of pages) assert.ok(Buffer.byteLength(JSON.stringify(p.data)) < 10 * MiB);
    assert.deepEqual(pages.flatMap((p) => p.data.map((d: Document) => d.markdown![0])), ['0', '1', '2', '3', '4']);

    const huge = await batch({ tasks: 1, docs: 2, markdown: () => 'x'.repeat(11 * MiB) });
    const first = (await status(huge)).body;
    assert.equal(first.data.length, 1, 'one document above the budget is still served');
    assert.equal(first.next, `${s.url}/v2/batch/scrape/${huge}?skip=1`, 'the budget cut it, so the next one is linked');
  });

  test('next is built from the public URL: forwarded headers, or TRAWL_PUBLIC_URL', async () => {
    const id = await batch({ docs: 2 });
    const proxied = (await status(id, '?limit=1', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fc.example.com' })).body;
    assert.equal(proxied.next, `https://fc.example.com/v2/batch/scrape/${id}?skip=1&limit=1`);

    const configured = await startTestServer({ TRAWL_PUBLIC_URL: 'https://trawl.example.org' });
    try {
      const team = (await configured.trawl.store.teams.findTeamByName('default'))!.id;
      const job = await configured.trawl.store.jobs.create({ kind: 'batch_scrape', teamId: team, options: {} });
      for (const n of [0, 1]) await configured.trawl.store.results.addDocument(job.id, `${job.id}-${n}`, doc(n));
      const r = await configured.api('GET', `/v2/batch/scrape/${job.id}?limit=1`, undefined, { 'x-forwarded-host': 'ignored.test' });
      assert.equal(r.body.next, `https://trawl.example.org/v2/batch/scrape/${job.id}?skip=1&limit=1`);
    } finally {
      await configured.close();
    }
  });

  test("ownership: another team's job is 404 on status, 403 on cancel and errors; unknown ids 404 everywhere", async () => {
    const id = await batch({ docs: 1 });
    const read = await status(id, '', asOther);
    assert.equal(read.status, 404);
    assert.deepEqual(read.body, { success: false, error: 'Job not found' });
    const cancel = await s.api('DELETE', `/v2/batch/scrape/${id}`, undefined, asOther);
    assert.equal(cancel.status, 403);
    assert.deepEqual(cancel.body, { success: false, error: 'Unauthorized' });
    const errors = await s.api('GET', `/v2/batch/scrape/${id}/errors`, undefined, asOther);
    assert.equal(errors.status, 403);
    assert.deepEqual(errors.body, { success: false, error: 'Forbidden' });
    assert.equal((await status(id)).body.status, 'scraping', 'the refused cancel changed nothing');

    const crawl = await batch({ kind: 'crawl' });
    for (const missing of ['0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b', 'not-a-uuid', crawl]) {
      for (const [method, suffix] of [['GET', ''], ['DELETE', ''], ['GET', '/errors']] as const) {
        const r = await s.api(method, `/v2/batch/scrape/${missing}${suffix}`);
        assert.equal(r.status, 404, `${method} ${missing}${suffix}`);
        assert.deepEqual(r.body, { success: false, error: 'Job not found' });
      }
    }
  });

  test('an ended job past its expiresAt, not purged yet, is 404 Job expired', async () => {
    const id = await batch({ docs: 1 });
    await finish(id);
    await rawSql(s, 'UPDATE jobs SET expires_at = ? WHERE id = ?', [new Date(Date.now() - 1000).toISOString(), id]);
    for (const [method, suffix] of [['GET', ''], ['DELETE', ''], ['GET', '/errors']] as const) {
      const r = await s.api(method, `/v2/batch/scrape/${id}${suffix}`);
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, { success: false, error: 'Job expired' });
    }
  });

  test('cancel: a running job becomes cancelled, again and again; an ended one keeps its status but the cancel answers cancelled', async () => {
    const id = await batch({ tasks: 4, docs: 1 });
    for (let i = 0; i < 2; i++) {
      const r = await s.api('DELETE', `/v2/batch/scrape/${id}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { success: true, status: 'cancelled' });
    }
    const after = (await status(id)).body;
    assert.equal(after.status, 'cancelled');
    assert.match(after.completedAt, ISO);
    assert.deepEqual(after.data, [doc(0)], 'what was scraped stays readable');
    for (const taskId of held.get(id)!) assert.equal((await s.trawl.store.tasks.get(taskId))?.state, 'cancelled');

    const done = await batch({ docs: 1 });
    await finish(done);
    const r = await s.api('DELETE', `/v2/batch/scrape/${done}`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { success: true, status: 'cancelled' }, 'as Firecrawl answers it, so the SDKs report true');
    assert.equal((await status(done)).body.status, 'completed');
  });

  test('errors: both arrays always present; code only when known', async () => {
    const id = await batch({ docs: 1 });
    assert.deepEqual((await s.api('GET', `/v2/batch/scrape/${id}/errors`)).body, { success: true, errors: [], robotsBlocked: [] });
    await s.trawl.store.results.addError(id, { taskId: 'e1', url: 'https://a.test/e1', code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out' });
    await s.trawl.store.results.addError(id, { taskId: 'e2', url: 'https://a.test/e2', error: 'It broke' });
    await s.trawl.store.results.addRobotsBlocked(id, ['https://a.test/private']);
    const b = (await s.api('GET', `/v2/batch/scrape/${id}/errors`)).body;
    assert.equal(b.success, true);
    assert.deepEqual(b.robotsBlocked, ['https://a.test/private']);
    assert.deepEqual(b.errors.map(({ timestamp, ...e }: { timestamp: string }) => e), [
      { id: 'e1', url: 'https://a.test/e1', code: 'SCRAPE_TIMEOUT', error: 'Scrape timed out' },
      { id: 'e2', url: 'https://a.test/e2', error: 'It broke' },
    ]);
    for (const e of b.errors) assert.match(e.timestamp, ISO);
  });
});
