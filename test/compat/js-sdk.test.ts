import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import type { Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startHarbour } from './harbour.js';

// The published JS SDK (@mendable/firecrawl-js, pinned in package.json) as its README shows it:
// each method called with only what it requires, so every request body is the SDK's default.
describe('@mendable/firecrawl-js defaults against Trawl', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  const titles = (docs: { metadata?: { title?: string } }[]) => docs.map((d) => d.metadata?.title).sort();

  before(async () => {
    [s, site] = await Promise.all([startTestServer({ TRAWL_RATE_LIMITS: 'off' }), startHarbour()]);
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(() => Promise.all([s?.close(), site?.close()]));

  test('scrape: markdown by default', async () => {
    const doc = await fc.scrape(site.url('/boats'));
    assert.match(doc.markdown ?? '', /Trawlers and dinghies/);
    assert.equal(doc.metadata?.title, 'Boats');
    assert.equal(doc.metadata?.statusCode, 200);
  });

  test('crawl: waits for the whole site', async () => {
    const job = await fc.crawl(site.url('/'), { pollInterval: 1 });
    assert.equal(job.status, 'completed');
    assert.deepEqual(titles(job.data), ['Boats', 'Fish', 'Harbour home', 'Nets']);
  });

  test('startCrawl + getCrawlStatus', async () => {
    const started = await fc.startCrawl(site.url('/'));
    assert.ok(started.id);
    let job = await fc.getCrawlStatus(started.id);
    for (let i = 0; i < 120 && job.status === 'scraping'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      job = await fc.getCrawlStatus(started.id);
    }
    assert.equal(job.status, 'completed');
    assert.equal(job.data.length, 4);
  });

  test('map: the site’s links', async () => {
    const res = await fc.map(site.url('/'));
    assert.deepEqual(res.links.map((l) => l.url).sort(), ['/', '/boats', '/fish', '/nets'].map((p) => site.url(p)).sort());
  });

  test('search: a page Trawl has read', async () => {
    await fc.scrape(site.url('/fish'), { maxAge: 0 });
    const res = await fc.search('mackerel herring');
    assert.ok(res.web?.some((r) => 'url' in r && r.url === site.url('/fish')), JSON.stringify(res));
  });

  test('batchScrape: every URL, in one job', async () => {
    const job = await fc.batchScrape([site.url('/boats'), site.url('/nets')], { pollInterval: 1 });
    assert.equal(job.status, 'completed');
    assert.deepEqual(titles(job.data), ['Boats', 'Nets']);
  });

  test('extract: a prompt over a page', async () => {
    const res = await fc.extract({ urls: [site.url('/fish')], prompt: 'Which fish are named on the page?', pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    // Without an LLM Trawl answers with what the page states about itself, and says so.
    assert.match(JSON.stringify(res.data), /Fish/);
  });

  test('agent: a prompt with a URL runs to its end', async () => {
    const res = await fc.agent({ prompt: 'Which fish are named on this page?', urls: [site.url('/fish')], pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.match(JSON.stringify(res.data), /Fish/);
  });

  test('parse: a file’s markdown', async () => {
    const doc = await fc.parse({ data: Buffer.from('<html><body><h1>Tide table</h1><p>High water at 06:12.</p></body></html>'), filename: 'tide-table.html' });
    assert.match(doc.markdown ?? '', /High water at 06:12\./);
  });

  test('getCreditUsage', async () => {
    assert.equal(typeof (await fc.getCreditUsage()).remainingCredits, 'number');
  });
});
