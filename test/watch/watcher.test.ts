import assert from 'node:assert/strict';
import Firecrawl from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { slowPage, until, waitForBatch } from '../batch/helpers.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { watch } from './client.js';

const OTHER_KEY = 'fc-0000000000000000000000000000beef';

/** Runs an SDK watcher to its end; answers the documents and the done event. */
async function sdkWatch(fc: Firecrawl, id: string, kind: 'batch' | 'crawl') {
  const w = fc.watcher(id, { kind, pollInterval: 60, timeout: 60 });
  const documents: any[] = [];
  const errors: any[] = [];
  let done: any;
  w.on('document', (d: any) => documents.push(d));
  w.on('done', (d: any) => (done ??= d));
  w.on('error', (e: any) => errors.push(e));
  await w.start();
  return { documents, done, errors };
}

describe('job sockets (§17)', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  const slow = slowPage(150);
  const ws = (path: string) => `${s.url.replace(/^http/, 'ws')}${path}`;

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    site = await startSite({
      '/one': { html: '<h1>One</h1>' },
      '/slow': slow.route,
      '/': { html: '<a href="/a">a</a><a href="/b">b</a><h1>Home</h1>' },
      '/a': { html: '<h1>A</h1>' },
      '/b': { html: '<h1>B</h1>' },
    });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('the JS SDK watcher on a batch gets every document once, then done', async () => {
    const urls = [1, 2, 3, 4, 5].map((n) => site.url(`/slow?n=${n}`));
    const { id } = await fc.startBatchScrape(urls, { options: { formats: ['markdown'] }, maxConcurrency: 1 });
    const { documents, done, errors } = await sdkWatch(fc, id, 'batch');
    assert.deepEqual(errors, []);
    assert.equal(done.status, 'completed');
    assert.equal(done.total, 5);
    assert.equal(done.completed, 5);
    assert.equal(done.creditsUsed, 5);
    assert.deepEqual(documents.map((d) => d.metadata.sourceURL).sort(), [...urls].sort());
  });

  test('the JS SDK watcher on a crawl gets every page, then done', async () => {
    const { id } = await fc.startCrawl(site.url('/'), { sitemap: 'skip', limit: 10 });
    const { documents, done, errors } = await sdkWatch(fc, id, 'crawl');
    assert.deepEqual(errors, []);
    assert.equal(done.status, 'completed');
    assert.deepEqual(documents.map((d) => new URL(d.metadata.url).pathname).sort(), ['/', '/a', '/b']);
  });

  test('raw protocol: subprotocol echoed; catch-up, then each document once in completion order, done, close 1000', async () => {
    const urls = [1, 2, 3].map((n) => site.url(`/slow?w=${n}`));
    const start = await s.api('POST', '/v2/batch/scrape', { urls, maxConcurrency: 1 });
    const session = await watch(ws(`/v2/batch/scrape/${start.body.id}`), { protocol: s.key });
    assert.equal(session.protocol, s.key, 'the key is echoed as the protocol');
    const [catchup, ...rest] = session.frames;
    assert.equal(catchup.type, 'catchup');
    assert.equal(catchup.data.success, true);
    assert.equal(catchup.data.status, 'scraping');
    assert.equal(catchup.data.total, 3);
    assert.equal(catchup.data.next, null);
    const done = rest.at(-1);
    assert.equal(done.type, 'done');
    assert.deepEqual(
      { status: done.data.status, total: done.data.total, completed: done.data.completed, creditsUsed: done.data.creditsUsed, data: done.data.data },
      { status: 'completed', total: 3, completed: 3, creditsUsed: 3, data: [] },
    );
    const streamed = [...catchup.data.data, ...rest.filter((f) => f.type === 'document').map((f) => f.data)];
    assert.deepEqual(
      [...new Set(rest.slice(0, -1).map((f) => f.type))].sort(),
      ['document', 'status'],
      'documents and progress between catch-up and done',
    );
    // Progress frames follow the documents: each says how many are done so far, never fewer than before.
    const progress = rest.filter((f) => f.type === 'status').map((f) => f.data);
    assert.ok(progress.every((p) => p.status === 'scraping' && p.total === 3));
    const counts = progress.map((p) => p.completed);
    assert.deepEqual(counts, [...counts].sort((a, b) => a - b));
    assert.ok(counts.length > 0 && counts.at(-1)! >= 1, `the watcher heard progress: ${counts.join(',')}`);
    const status = await waitForBatch(s, start.body.id);
    assert.deepEqual(streamed.map((d) => d.metadata.scrapeId), status.data.map((d: any) => d.metadata.scrapeId));
    assert.deepEqual(session.close, { code: 1000, reason: '{"type":"done"}' });
  });

  test('a job ended before the client came: catch-up with every document and its status, then done', async () => {
    const start = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')] });
    await waitForBatch(s, start.body.id);
    const session = await watch(ws(`/v2/batch/scrape/${start.body.id}`), { headers: { authorization: `Bearer ${s.key}` } });
    assert.deepEqual(session.frames.map((f) => f.type), ['catchup', 'done']);
    assert.equal(session.frames[0].data.status, 'completed');
    assert.equal(session.frames[0].data.data.length, 1);
    assert.equal(session.frames[0].data.data[0].markdown, '# One');
    assert.equal(session.protocol, '', 'nothing to echo with the Authorization header');
    assert.equal(session.close.code, 1000);
  });

  test('cancelled while watched: a catch-up frame saying cancelled, then close 1000 done', async () => {
    const urls = [1, 2, 3, 4].map((n) => site.url(`/slow?c=${n}`));
    const start = await s.api('POST', '/v2/batch/scrape', { urls, maxConcurrency: 1 });
    const session = watch(ws(`/v2/batch/scrape/${start.body.id}`), { protocol: s.key });
    await until('a page is being scraped', () => slow.gauge.inFlight > 0);
    await s.api('DELETE', `/v2/batch/scrape/${start.body.id}`);
    const { frames, close } = await session;
    const last = frames.at(-1);
    assert.equal(last.type, 'catchup');
    assert.equal(last.data.status, 'cancelled');
    assert.deepEqual(last.data.data, []);
    assert.deepEqual(close, { code: 1000, reason: '{"type":"done"}' });
  });

  test('a failed job: an error frame, then close', async () => {
    const team = (await s.trawl.store.teams.findApiKeyByHash((await import('../../src/auth/keys.js')).hashKey(s.key)))!.team;
    const job = await s.trawl.store.jobs.create({ kind: 'crawl', teamId: team.id, options: {} });
    s.trawl.worker.handle('test.watch-fails', async () => {
      throw new Error('the robots ate it');
    });
    const session = watch(ws(`/v2/crawl/${job.id}`), { protocol: s.key });
    await s.trawl.queue.enqueue({ kind: 'test.watch-fails', teamId: team.id, jobId: job.id, maxAttempts: 1 });
    const { frames, close } = await session;
    assert.equal(frames[0].type, 'catchup');
    assert.deepEqual(frames.at(-1), { type: 'error', error: 'the robots ate it' });
    assert.equal(close.code, 1000);
    assert.equal(JSON.parse(close.reason).type, 'error');
  });

  test('refusals: a wrong key 3000, another team’s job 3003, an unknown id 1008, with JSON reasons', async () => {
    const start = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')] });
    const path = `/v2/batch/scrape/${start.body.id}`;

    const wrong = await watch(ws(path), { protocol: 'fc-ffffffffffffffffffffffffffffffff' });
    assert.equal(wrong.close.code, 3000);
    assert.equal(JSON.parse(wrong.close.reason).type, 'error');
    assert.match(JSON.parse(wrong.close.reason).error, /^Unauthorized/);
    assert.deepEqual(wrong.frames, []);

    const none = await watch(ws(path));
    assert.equal(none.close.code, 3000);

    const other = await watch(ws(path), { protocol: OTHER_KEY });
    assert.deepEqual(other.close, { code: 3003, reason: '{"type":"error","error":"Forbidden"}' });

    const unknown = await watch(ws('/v2/batch/scrape/00000000-0000-4000-8000-000000000000'), { protocol: s.key });
    assert.deepEqual(unknown.close, { code: 1008, reason: '{"type":"error","error":"Job not found"}' });

    // A batch id on the crawl socket is not a crawl.
    const kind = await watch(ws(`/v2/crawl/${start.body.id}`), { protocol: s.key });
    assert.equal(kind.close.code, 1008);

    await assert.rejects(watch(ws('/v2/team/credit-usage'), { protocol: s.key }), /HTTP 404/);
    await assert.rejects(watch(ws('/v2/batch/scrape/%E0%A4%A'), { protocol: s.key }), /HTTP 404/);
  });

  test('plain GETs on the same paths still answer the status route', async () => {
    const start = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')] });
    const status = await waitForBatch(s, start.body.id);
    assert.equal(status.status, 'completed');
  });
});

describe('job sockets with authentication off', () => {
  test('any client, key or not, watches the default team’s jobs', async () => {
    const s = await startTestServer({ TRAWL_AUTH: 'off' });
    const site = await startSite({ '/one': { html: '<h1>One</h1>' } });
    try {
      const start = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')] });
      const url = `${s.url.replace(/^http/, 'ws')}/v2/batch/scrape/${start.body.id}`;
      for (const opts of [{}, { protocol: 'anything' }]) {
        const session = await watch(url, opts);
        assert.equal(session.frames[0].type, 'catchup');
        assert.equal(session.close.code, 1000);
      }
      const fc = new Firecrawl({ apiUrl: s.url });
      const { documents, done } = await sdkWatch(fc, start.body.id, 'batch');
      assert.equal(done.status, 'completed');
      assert.equal(documents.length, 1);
    } finally {
      await s.close();
      await site.close();
    }
  });
});
