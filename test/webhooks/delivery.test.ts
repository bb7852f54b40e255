import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEgress } from '../../src/egress/index.js';
import { DELIVERY_TIMEOUT_MS, sendDelivery } from '../../src/webhooks/send.js';
import { slowPage, until, waitForBatch } from '../batch/helpers.js';
import { startSite, type Site } from '../fixtures/site.js';
import { openTestStore, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { signatureValid, startReceiver } from './receiver.js';

const SECRET = 'whsec-test-0123';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('batch scrape webhooks (§16)', () => {
  let s: TestServer;
  let site: Site;
  const slow = slowPage(400);

  before(async () => {
    s = await startTestServer({ TRAWL_WEBHOOK_SECRET: SECRET, TRAWL_WEBHOOK_RETRY_DELAYS: '0.1,0.2,0.3' });
    site = await startSite({ '/one': { html: '<h1>One</h1>' }, '/two': { html: '<h1>Two</h1>' }, '/slow': slow.route });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('signed deliveries in order: started, a page per document, completed; headers and metadata echoed', async () => {
    const rx = await startReceiver();
    try {
      const webhook = { url: rx.url, headers: { 'x-trace': 'abc' }, metadata: { customerRef: 'c-42' } };
      const start = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one'), site.url('/two')], webhook });
      assert.equal(start.status, 200);
      assert.equal(start.body.warning, undefined, 'webhooks are delivered, so no warning');
      const id = start.body.id as string;
      await until('4 deliveries', () => rx.received.length >= 4);
      await sleep(100);

      const types = rx.types();
      assert.deepEqual(types, ['batch_scrape.started', 'batch_scrape.page', 'batch_scrape.page', 'batch_scrape.completed']);
      for (const r of rx.received) {
        assert.ok(signatureValid(SECRET, r.raw, r.headers['x-firecrawl-signature']), 'signature over the raw body');
        assert.equal(r.headers['content-type'], 'application/json');
        assert.equal(r.headers['x-trace'], 'abc');
        assert.equal(r.body.id, id);
        assert.match(r.body.webhookId, UUID);
        assert.deepEqual(r.body.metadata, { customerRef: 'c-42' });
        assert.equal(r.body.success, true);
        assert.ok(!Number.isNaN(Date.parse(r.body.timestamp)));
        assert.equal(r.body.error, undefined);
      }
      assert.equal(new Set(rx.received.map((r) => r.body.webhookId)).size, 4, 'webhookId unique per delivery');
      assert.deepEqual(rx.received[0]!.body.data, []);
      assert.deepEqual(rx.received[3]!.body.data, []);

      // Page data is the status endpoint's data[] item, scrapeId included.
      const status = await waitForBatch(s, id);
      const pages = rx.received.slice(1, 3).map((r) => r.body.data);
      for (const data of pages) assert.equal(data.length, 1);
      const byScrapeId = (docs: any[]) => Object.fromEntries(docs.map((d) => [d.metadata.scrapeId, d]));
      assert.deepEqual(byScrapeId(pages.map((d) => d[0])), byScrapeId(status.data));
    } finally {
      await rx.close();
    }
  });

  test('the events filter: only the listed short names are delivered', async () => {
    const rx = await startReceiver();
    try {
      const webhook = { url: rx.url, events: ['started', 'completed'] };
      const { body } = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one'), site.url('/two')], webhook });
      await waitForBatch(s, body.id);
      await until('2 deliveries', () => rx.received.length >= 2);
      await sleep(200);
      assert.deepEqual(rx.types(), ['batch_scrape.started', 'batch_scrape.completed']);
    } finally {
      await rx.close();
    }
  });

  test('crawls deliver the same events, as crawl.*', async () => {
    const rx = await startReceiver();
    const x = await startSite({ '/': { html: '<a href="/a">a</a><h1>Home</h1>' }, '/a': { html: '<h1>A</h1>' } });
    try {
      const { body } = await s.api('POST', '/v2/crawl', { url: x.url('/'), sitemap: 'skip', webhook: { url: rx.url, metadata: { k: 'v' } } });
      assert.equal(body.success, true, JSON.stringify(body));
      await until('crawl.completed', () => rx.types().includes('crawl.completed'));
      await sleep(100);
      assert.deepEqual(rx.types(), ['crawl.started', 'crawl.page', 'crawl.page', 'crawl.completed']);
      for (const r of rx.received) {
        assert.equal(r.body.id, body.id);
        assert.deepEqual(r.body.metadata, { k: 'v' });
        assert.ok(signatureValid(SECRET, r.raw, r.headers['x-firecrawl-signature']));
      }
    } finally {
      await rx.close();
      await x.close();
    }
  });

  test('a failing receiver gets the same body again after the back-off, until it answers 2xx; order holds', async () => {
    const rx = await startReceiver((n) => (n < 2 ? 500 : 200));
    try {
      const { body } = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')], webhook: rx.url });
      await until('3 deliveries', () => rx.types().includes('batch_scrape.completed'));
      await sleep(300);
      const types = rx.types();
      assert.deepEqual(types, ['batch_scrape.started', 'batch_scrape.started', 'batch_scrape.started', 'batch_scrape.page', 'batch_scrape.completed']);
      const [a, b, c] = rx.received;
      assert.ok(a!.raw.equals(b!.raw) && b!.raw.equals(c!.raw), 'retries resend the exact bytes');
      assert.equal(a!.headers['x-firecrawl-signature'], c!.headers['x-firecrawl-signature']);
      assert.equal(a!.body.id, body.id);
      // 0.1 s, then 0.2 s (with some slack for timers).
      assert.ok(b!.at - a!.at >= 90, `first retry after ${b!.at - a!.at} ms`);
      assert.ok(c!.at - b!.at >= 190, `second retry after ${c!.at - b!.at} ms`);
    } finally {
      await rx.close();
    }
  });

  test('a receiver that keeps failing is given up after the last retry', async () => {
    const rx = await startReceiver(() => 503);
    try {
      await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')], webhook: { url: rx.url, events: ['completed'] } });
      await until('4 attempts', () => rx.received.length >= 4);
      await sleep(800);
      assert.equal(rx.received.length, 4, 'one attempt and three retries');
      assert.equal(new Set(rx.received.map((r) => r.body.webhookId)).size, 1);
    } finally {
      await rx.close();
    }
  });

  test('a receiver that never answers neither slows nor fails the job', async () => {
    const rx = await startReceiver(() => 'hang');
    try {
      const t0 = Date.now();
      const { body } = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one'), site.url('/two')], webhook: rx.url });
      const status = await waitForBatch(s, body.id);
      assert.equal(status.status, 'completed');
      assert.equal(status.completed, 2);
      // Waiting on the receiver would take its whole delivery timeout (10 s); the
      // margin below it is for a loaded machine (a 2-page batch took 3.1 s at load 20).
      assert.ok(Date.now() - t0 < DELIVERY_TIMEOUT_MS - 2000, `the job took ${Date.now() - t0} ms`);
      assert.deepEqual(rx.types(), ['batch_scrape.started'], 'the job’s later events wait behind the unanswered one');
    } finally {
      await rx.close();
    }
  });

  test('cancelling sends batch_scrape.failed with "Batch scrape cancelled", last', async () => {
    const rx = await startReceiver();
    try {
      const urls = [1, 2, 3, 4].map((n) => site.url(`/slow?n=${n}`));
      const { body } = await s.api('POST', '/v2/batch/scrape', { urls, maxConcurrency: 1, webhook: rx.url });
      await until('a page is being scraped', () => slow.gauge.inFlight > 0);
      const cancel = await s.api('DELETE', `/v2/batch/scrape/${body.id}`);
      assert.equal(cancel.body.status, 'cancelled');
      await until('the failed event', () => rx.types().includes('batch_scrape.failed'));
      await sleep(800);
      const last = rx.received.at(-1)!.body;
      assert.equal(last.type, 'batch_scrape.failed');
      assert.equal(last.success, false);
      assert.equal(last.error, 'Batch scrape cancelled');
      assert.deepEqual(last.data, []);
      assert.equal(rx.types()[0], 'batch_scrape.started');
      assert.equal(rx.types().filter((t) => t === 'batch_scrape.failed').length, 1);
    } finally {
      await rx.close();
    }
  });
});

describe('webhook durability and egress', () => {
  test('deliveries left in the outbox are sent after a restart, unsigned without a secret', async () => {
    const dataDir = tempDataDir();
    const site = await startSite({ '/one': { html: '<h1>One</h1>' } });
    const rx = await startReceiver(() => 'hang');
    let s = await startTestServer({}, { dataDir });
    try {
      const { body } = await s.api('POST', '/v2/batch/scrape', { urls: [site.url('/one')], webhook: rx.url });
      await waitForBatch(s, body.id);
      await until('the first attempt', () => rx.received.length >= 1);
      await s.close();

      rx.answerWith(() => 200);
      s = await startTestServer({}, { dataDir });
      await until('every delivery', () => rx.types().includes('batch_scrape.completed'));
      await sleep(200);
      assert.deepEqual(rx.types(), ['batch_scrape.started', 'batch_scrape.started', 'batch_scrape.page', 'batch_scrape.completed']);
      assert.equal(rx.received[0]!.body.webhookId, rx.received[1]!.body.webhookId, 'the same delivery, resumed');
      for (const r of rx.received) assert.equal(r.headers['x-firecrawl-signature'], undefined);
    } finally {
      await s.close();
      await rx.close();
      await site.close();
    }
  });

  test('deliveries go through the egress guard: a private receiver is refused unless allowed', async () => {
    const rx = await startReceiver();
    const egress = createEgress({ allowPrivateNetwork: false });
    try {
      const delivery = { id: 1, jobId: 'j', attempts: 0, webhookId: 'w', url: rx.url, headers: {}, body: '{}' };
      const failure = await sendDelivery(egress, delivery, { secret: undefined, signal: new AbortController().signal });
      assert.match(failure ?? '', /private|loopback|blocked|not allowed/i);
      assert.equal(rx.received.length, 0);
    } finally {
      await egress.close();
      await rx.close();
    }
  });
});

describe('webhook final events owed at start-up', () => {
  test('a subscribed job that ended while no server listened gets its final delivery on the next start', async () => {
    const dataDir = tempDataDir();
    const rx = await startReceiver();
    const store = await openTestStore(dataDir);
    const job = await store.jobs.create({ kind: 'batch_scrape', teamId: 'some-team', options: {} });
    await store.webhooks.subscribe(job.id, { url: rx.url, headers: {}, metadata: { m: '1' }, events: ['completed', 'failed'] });
    // Ended by the store alone, as a process dying right after the cancel leaves it.
    await store.tasks.cancelJob(job.id);
    await store.close();
    const s = await startTestServer({}, { dataDir });
    try {
      await until('the failed event', () => rx.received.length >= 1);
      await sleep(200);
      assert.equal(rx.received.length, 1);
      const b = rx.received[0]!.body;
      assert.deepEqual([b.type, b.id, b.success, b.error, b.metadata], ['batch_scrape.failed', job.id, false, 'Batch scrape cancelled', { m: '1' }]);
    } finally {
      await s.close();
      await rx.close();
    }
  });
});
