import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { slowPage, waitForBatch } from './helpers.js';

const OTHER_KEY = 'fc-0000000000000000000000000000f00d';
const MiB = 1024 * 1024;

describe('batch scrape through the official JS SDK', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  let refused: string;

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    const big = (n: number) => `<html><body><p>${String(n).repeat(4 * MiB)}</p></body></html>`;
    site = await startSite({
      '/one': { html: '<h1>One</h1>' },
      '/two': { html: '<h1>Two</h1>' },
      ...Object.fromEntries([0, 1, 2, 3, 4].map((n) => [`/big/${n}`, { html: big(n) }])),
    });
    const closed = await startSite();
    refused = closed.url('/down');
    await closed.close();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('batchScrape() waits for the end and follows next over pages cut by the 10 MiB budget', async () => {
    const urls = [0, 1, 2, 3, 4].map((n) => site.url(`/big/${n}`));
    const job = await fc.batchScrape(urls, { options: { formats: ['markdown'] }, pollInterval: 1, timeout: 60 });
    assert.equal(job.status, 'completed');
    assert.equal(job.total, 5);
    assert.equal(job.completed, 5);
    assert.equal(job.creditsUsed, 5);
    assert.equal(job.next, null);
    assert.equal(job.data.length, 5, 'all documents, across pages');
    const firsts = job.data.map((d) => d.markdown![0]).sort();
    assert.deepEqual(firsts, ['0', '1', '2', '3', '4']);
    for (const d of job.data) assert.ok(d.markdown!.length >= 4 * MiB);

    // The same status without auto-pagination shows the cut the SDK followed.
    const id = (await s.trawl.store.tasks.get(job.data[0]!.metadata!.scrapeId!))!.jobId!;
    const first = await fc.getBatchScrapeStatus(id, { autoPaginate: false });
    assert.equal(first.data.length, 2);
    assert.equal(first.next, `${s.url}/v2/batch/scrape/${id}?skip=2`);
  });

  test('startBatchScrape() and getBatchScrapeStatus(): id, url, invalidURLs; status fields', async () => {
    const start = await fc.startBatchScrape([site.url('/one'), site.url('/two'), 'not a url']);
    assert.equal(typeof start.id, 'string');
    assert.equal(start.url, `${s.url}/v2/batch/scrape/${start.id}`);
    assert.deepEqual(start.invalidURLs, ['not a url']);
    await waitForBatch(s, start.id);
    const st = await fc.getBatchScrapeStatus(start.id);
    assert.equal(st.id, start.id);
    assert.equal(st.status, 'completed');
    assert.equal(st.total, 2);
    assert.equal(st.completed, 2);
    assert.equal(st.creditsUsed, 2);
    assert.ok(!Number.isNaN(Date.parse(st.expiresAt!)));
    assert.deepEqual(st.data.map((d) => d.markdown).sort(), ['# One', '# Two']);
  });

  test('getBatchScrapeErrors() lists the page that could not be fetched', async () => {
    const { id } = await fc.startBatchScrape([refused, site.url('/one')]);
    await waitForBatch(s, id);
    const e = await fc.getBatchScrapeErrors(id);
    assert.deepEqual(e.robotsBlocked, []);
    assert.equal(e.errors.length, 1);
    assert.equal(e.errors[0]!.url, refused);
    assert.equal(e.errors[0]!.code, 'SCRAPE_SITE_ERROR');
    assert.equal(typeof e.errors[0]!.id, 'string');
  });

  test('cancelBatchScrape() is true for a running batch, and for one that completed (which stays completed)', async () => {
    const { route } = slowPage(500);
    for (let i = 0; i < 4; i++) site.set(`/slow/${i}`, route);
    const { id } = await fc.startBatchScrape([0, 1, 2, 3].map((i) => site.url(`/slow/${i}`)), { maxConcurrency: 1 });
    assert.equal(await fc.cancelBatchScrape(id), true);
    assert.equal((await fc.getBatchScrapeStatus(id)).status, 'cancelled');
    assert.equal(await fc.cancelBatchScrape(id), true, 'idempotent');

    const done = await fc.batchScrape([site.url('/one')], { pollInterval: 1 });
    const doneId = (await s.trawl.store.tasks.get(done.data[0]!.metadata!.scrapeId!))!.jobId!;
    assert.equal(await fc.cancelBatchScrape(doneId), true);
    assert.equal((await fc.getBatchScrapeStatus(doneId)).status, 'completed');
  });

  test("errors surface as SdkError: another team's batch, a reused idempotency key", async () => {
    const { id } = await fc.startBatchScrape([site.url('/one')]);
    const other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
    await assert.rejects(other.getBatchScrapeStatus(id), (e: unknown) => e instanceof SdkError && e.status === 404);
    await assert.rejects(other.cancelBatchScrape(id), (e: unknown) => e instanceof SdkError && e.status === 403);
    await assert.rejects(other.getBatchScrapeErrors(id), (e: unknown) => e instanceof SdkError && e.status === 403);

    const idempotencyKey = 'a2f4c6e8-0b1d-4f3a-8c5e-7d9f1b3a5c7e';
    await fc.startBatchScrape([site.url('/two')], { idempotencyKey });
    await assert.rejects(fc.startBatchScrape([site.url('/two')], { idempotencyKey }), (e: unknown) => {
      assert.ok(e instanceof SdkError);
      assert.equal(e.status, 409);
      assert.match(e.message, /Idempotency key already used/);
      return true;
    });
  });
});
