import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ARTICLE = '<html><head><title>Nets</title></head><body><main><h1>Nets</h1><p>Mending nets by the quay.</p></main></body></html>';
const RECORD = { boat: 'Marie', length: 12, crew: ['Ann', 'Bo'] };
const RECORD_TEXT = `${JSON.stringify(RECORD, null, 2)}\n`;

describe("scrapes as Firecrawl's end-to-end tests expect them", () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;

  before(async () => {
    site = await startSite({
      '/nets': { html: ARTICLE },
      '/nets-2': { html: ARTICLE },
      '/record.json': { body: RECORD_TEXT, type: 'application/json' },
      '/notes.txt': { text: 'Tide at 06:10.\nWind NW 4.\n' },
    });
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('__experimental_* keys are accepted and ignored; other unknown keys are still refused', async () => {
    const r = await s.api('POST', '/v2/scrape', { url: site.url('/nets'), __experimental_cache: true, __experimental_omceDomain: 'x' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.data.markdown, /Mending nets/);
    const crawl = await s.api('POST', '/v2/crawl', { url: site.url('/nets'), limit: 1, __experimental_streamSteps: true });
    assert.equal(crawl.status, 200, JSON.stringify(crawl.body));
    assert.equal((await s.api('POST', '/v2/scrape', { url: site.url('/nets'), experimental_cache: true })).status, 400);
  });

  test('a timeout of 450000 ms (a long PDF) is accepted; more is not', async () => {
    const r = await s.api('POST', '/v2/scrape', { url: site.url('/nets'), timeout: 450_000 });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const over = await s.api('POST', '/v2/scrape', { url: site.url('/nets'), timeout: 450_001 });
    assert.equal(over.status, 400);
  });

  test('cacheState: "miss"/"hit" when the cache was consulted, absent when it was not (maxAge 0, changeTracking, actions)', async () => {
    const miss = await fc.scrape(site.url('/nets-2'));
    assert.equal(miss.metadata?.cacheState, 'miss');
    assert.equal((await fc.scrape(site.url('/nets-2'))).metadata?.cacheState, 'hit');
    const fresh = await s.api('POST', '/v2/scrape', { url: site.url('/nets-2'), maxAge: 0 });
    assert.equal('cacheState' in fresh.body.data.metadata, false);
    const tracked = await s.api('POST', '/v2/scrape', { url: site.url('/nets-2'), formats: ['markdown', 'changeTracking'] });
    assert.equal(tracked.status, 200, JSON.stringify(tracked.body));
    assert.equal('cacheState' in tracked.body.data.metadata, false);
    const acted = await s.api('POST', '/v2/scrape', { url: site.url('/nets-2'), actions: [{ type: 'wait', milliseconds: 10 }] });
    assert.equal(acted.status, 200, JSON.stringify(acted.body));
    assert.equal('cacheState' in acted.body.data.metadata, false);
    // A page the browser rendered says which time zone it ran in (the US default location).
    assert.equal(acted.body.data.metadata.timezone, 'America/New_York');
    const german = await s.api('POST', '/v2/scrape', { url: site.url('/nets-2'), location: { country: 'DE' }, actions: [{ type: 'wait', milliseconds: 10 }] });
    assert.equal(german.body.data.metadata.timezone, 'Europe/Berlin');
  });

  test('rawHtml of a JSON or plain-text response is the raw text itself', async () => {
    const json = await fc.scrape(site.url('/record.json'), { formats: ['rawHtml', 'markdown'] });
    assert.equal(json.rawHtml, RECORD_TEXT);
    assert.deepEqual(JSON.parse(json.rawHtml!), RECORD);
    const text = await fc.scrape(site.url('/notes.txt'), { formats: ['rawHtml'] });
    assert.equal(text.rawHtml, 'Tide at 06:10.\nWind NW 4.\n');
  });
});
