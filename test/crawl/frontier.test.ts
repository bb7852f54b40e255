import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { crawlRequest } from '../../src/api/index.js';
import type { Document } from '../../src/api/document.js';
import { crawlConcurrency } from '../../src/crawl/handlers/start.js';
import { CRAWL_PAGE, type CrawlPagePayload, type CrawlSettings, pageTaskId } from '../../src/crawl/job.js';
import { handleCrawlPages } from '../../src/crawl/pages.js';
import { HostGate } from '../../src/crawl/politeness.js';
import { LocalJobEvents } from '../../src/jobs/events.js';
import { LocalQueue } from '../../src/jobs/local-queue.js';
import { Worker } from '../../src/jobs/worker.js';
import type { Scraper } from '../../src/scrape/scraper.js';
import type { Store } from '../../src/store/store.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import { startSite } from '../fixtures/site.js';
import { startTestServer, tempDataDir } from '../helpers/server.js';
import { crawl, page } from './helpers.js';

const START = 'https://site.test/';
const entry = (key: string, depth = 1) => ({ key, url: `https://e.com/${key}`, depth });

describe('crawl frontier store', () => {
  let dir: string;
  let store: Store;
  before(() => {
    dir = tempDataDir();
    store = createSqliteStore(dir);
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('admits each key once, within the limit; a re-run of the same parent gets its own admissions back', async () => {
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't', options: {} });
    const a = await store.crawls.admit(job.id, 'A', 3, [entry('1'), entry('2'), entry('1')]);
    assert.deepEqual(a, { entries: [entry('1'), entry('2')], full: false });
    const b = await store.crawls.admit(job.id, 'B', 3, [entry('2'), entry('3'), entry('4')]);
    assert.deepEqual(b, { entries: [entry('3')], full: true }, '2 is A\'s, 4 is over the limit');
    const again = await store.crawls.admit(job.id, 'A', 3, [entry('5'), entry('2', 7), entry('1')]);
    assert.deepEqual(again.entries, [entry('2'), entry('1')], 'as stored, not as offered again');
    assert.equal(again.full, true);
  });

  test('a delay holds the crawl to one page at a time', async () => {
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't', options: {}, maxConcurrency: 8 });
    assert.equal(await store.crawls.delayMs(job.id), null);
    await store.crawls.setDelay(job.id, 1500);
    assert.equal(await store.crawls.delayMs(job.id), 1500);
    assert.equal((await store.jobs.get(job.id))!.maxConcurrency, 1);
  });

  test('page task ids are stable per (crawl, key), UUID-shaped, and differ across crawls', () => {
    const id = pageTaskId('job-1', 'http://e.com/a');
    assert.equal(id, pageTaskId('job-1', 'http://e.com/a'));
    assert.notEqual(id, pageTaskId('job-2', 'http://e.com/a'));
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test("a page's request allowance is free again once its response is in, while the page is still being turned into formats", { timeout: 30_000 }, async () => {
    // One request at a time to the host. The start page links to /a and /b; /a's formats
    // are only done once /b has been requested, which must not wait for /a to be recorded.
    let requestedB!: () => void;
    const bRequested = new Promise<void>((resolve) => (requestedB = resolve));
    const scraper: Scraper = {
      async scrape(input) {
        const path = new URL(input.url).pathname;
        if (path === '/b') requestedB();
        input.onFetched?.();
        if (path === '/a') await bRequested;
        const links = path === '/' ? [`${START}a`, `${START}b`] : [];
        return { markdown: path, links, metadata: { url: input.url, sourceURL: input.sourceURL, statusCode: 200, scrapeId: input.scrapeId!, proxyUsed: 'basic' } } as Document;
      },
      close: async () => {},
    };
    const queue = new LocalQueue(store.tasks, { concurrencyOf: { ofPlan: () => 100 } });
    const worker = new Worker(queue, { concurrency: 8, pollMs: 20 });
    const fetcher = { fetch: () => Promise.reject(new Error('robots.txt and sitemaps are not read here')) };
    handleCrawlPages(worker, { store, queue, scraper, events: new LocalJobEvents(), fetcher, hostConcurrency: 1 });

    const options = crawlRequest.parse({ url: START, sitemap: 'skip', ignoreRobotsTxt: true });
    const settings: CrawlSettings = { url: START, options, page: { options: options.scrapeOptions, teamId: 't', apiKeyId: null, baseUrl: 'http://trawl.test' }, stripLinks: false };
    // As POST /v2/crawl creates it.
    const job = await store.jobs.create({ kind: 'crawl', teamId: 't', options: settings, maxConcurrency: crawlConcurrency(options, 1) });
    await store.crawls.admit(job.id, job.id, options.limit, [{ key: START, url: START, depth: 0 }]);
    await queue.enqueue<CrawlPagePayload>({ id: pageTaskId(job.id, START), kind: CRAWL_PAGE, teamId: 't', jobId: job.id, payload: { url: START, sourceURL: START, depth: 0 } });
    worker.start();
    try {
      for (;;) {
        const status = (await store.jobs.get(job.id))!.status;
        if (status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    const recorded = (await store.results.page(job.id, { skip: 0, maxBytes: 1e6 })).documents.map((d) => JSON.parse(d).markdown).sort();
    assert.deepEqual(recorded, ['/', '/a', '/b']);
  });
});

describe("a crawl page's host allowance, through the real scrape pipeline", () => {
  test('is free again once the response is in: the next page is requested before the first is stored', { timeout: 60_000 }, async () => {
    // One request at a time to the host. The start page links to /a and /b; /a is only
    // stored once the site has been asked for /b, which must not wait for /a to be stored.
    const s = await startTestServer({ TRAWL_CRAWL_HOST_CONCURRENCY: '1' });
    let requestedB!: () => void;
    const bRequested = new Promise<void>((resolve) => (requestedB = resolve));
    const site = await startSite({
      '/': page('Home', ['/a', '/b']),
      '/a': page('A'),
      '/b': (_req, res) => {
        requestedB();
        res.setHeader('content-type', 'text/html');
        res.end(page('B').html);
      },
    });
    // The pipeline's own store, held for /a: its response is in, its page not yet stored.
    const scrapes = s.trawl.store.scrapes;
    const save = scrapes.save.bind(scrapes);
    scrapes.save = async (record) => {
      if (new URL(record.url).pathname === '/a') await bRequested;
      return save(record);
    };
    try {
      const { done, paths } = await crawl(s, { url: site.url('/'), sitemap: 'skip' });
      assert.equal(done.status, 'completed');
      assert.deepEqual(paths, ['/', '/a', '/b']);
    } finally {
      await s.close();
      await site.close();
    }
  });
});

describe('host gate', () => {
  test('at most perHost at once per (crawl, host); other hosts and crawls are not held up', async () => {
    const gate = new HostGate(2);
    const signal = new AbortController().signal;
    const r1 = await gate.acquire('c', 'h', 0, signal);
    await gate.acquire('c', 'h', 0, signal);
    let third = false;
    const p = gate.acquire('c', 'h', 0, signal).then((r) => ((third = true), r));
    await gate.acquire('c', 'other', 0, signal);
    await gate.acquire('c2', 'h', 0, signal);
    await sleep(10);
    assert.equal(third, false);
    r1();
    r1();
    (await p)();
    assert.equal(third, true);
  });

  test('starts are spaced by the interval, and a waiter can be aborted', async () => {
    const gate = new HostGate(4);
    const signal = new AbortController().signal;
    const starts: number[] = [];
    await Promise.all(
      [0, 1, 2].map(async () => {
        const release = await gate.acquire('c', 'h', 100, signal);
        starts.push(Date.now());
        release();
      }),
    );
    assert.ok(starts[1]! - starts[0]! >= 95 && starts[2]! - starts[1]! >= 95, `${starts}`);
    const ac = new AbortController();
    const waiting = gate.acquire('c', 'h', 10_000, ac.signal);
    ac.abort(new Error('stop'));
    await assert.rejects(waiting, /stop/);
  });

  test('with a delay, the gap is timed from when the last request started, so a late timer does not shorten it', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
    // Lets the gate's promises settle; setImmediate is not mocked.
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const gate = new HostGate(4);
    const signal = new AbortController().signal;
    (await gate.acquire('c', 'h', 1000, signal))();
    const second = gate.acquire('c', 'h', 1000, signal);
    await settle();
    // A busy event loop runs the second request's timer 300 ms late.
    t.mock.timers.tick(1300);
    (await second)();
    assert.equal(Date.now(), 1300);
    let thirdAt: number | null = null;
    const third = gate.acquire('c', 'h', 1000, signal).then((release) => ((thirdAt = Date.now()), release));
    await settle();
    t.mock.timers.tick(999);
    await settle();
    assert.equal(thirdAt, null, 'the third request waits a whole second after the second one started');
    t.mock.timers.tick(1);
    (await third)();
    assert.equal(thirdAt, 2300);
  });

  test('a waiter aborted while an earlier request waits out the delay does not hold up the ones after it', async () => {
    const gate = new HostGate(4);
    const signal = new AbortController().signal;
    (await gate.acquire('c', 'h', 50, signal))();
    const ac = new AbortController();
    const aborted = gate.acquire('c', 'h', 50, ac.signal);
    const after = gate.acquire('c', 'h', 50, signal);
    ac.abort(new Error('stop'));
    await assert.rejects(aborted, /stop/);
    (await after)();
  });
});
