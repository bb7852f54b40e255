import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { type MonitorCheckDetail } from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runCheck } from './checks.js';

const byUrl = (check: MonitorCheckDetail) =>
  Object.fromEntries(check.pages.map((p) => [new URL(p.url).pathname, p.status]));

describe('monitor targets: crawl and search', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;
  let offerText = 'Spring offer: 10% off.';
  let linksToB = true;

  before(async () => {
    site = await startSite({
      '/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(
          `<html><body><main><h1>Shop</h1><p>Kettles and teapots.</p><a href="/a">Offers</a>${linksToB ? ' <a href="/b">Archive</a>' : ''}</main></body></html>`,
        );
      },
      '/a': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><main><h1>Offers</h1><p>${offerText}</p></main></body></html>`);
      },
      '/b': (_req, res) => {
        res.writeHead(linksToB ? 200 : 404, { 'content-type': 'text/html' }).end('<html><body><main><h1>Archive</h1><p>Old offers.</p></main></body></html>');
      },
      '/teapot': { html: '<html><head><title>Cast iron teapot</title></head><body><main><h1>Cast iron teapot</h1><p>A teapot for green tea.</p></main></body></html>' },
    });
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s?.close();
    await site?.close();
  });

  test('a crawl target finds new pages, changed pages, and pages that disappeared from the site', async () => {
    const monitor = await fc.createMonitor({
      name: 'Shop',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'crawl', url: site.url('/'), crawlOptions: { limit: 10, sitemap: 'skip' } }],
    });
    const first = await runCheck(fc, monitor.id);
    assert.equal(first.status, 'completed', JSON.stringify(first));
    assert.deepEqual(byUrl(first), { '/': 'new', '/a': 'new', '/b': 'new' });
    const crawlId = (first.targetResults![0] as { crawlId: string }).crawlId;
    assert.equal((await fc.getCrawlStatus(crawlId)).status, 'completed', 'the crawl is a crawl job of its own');

    const second = await runCheck(fc, monitor.id);
    assert.deepEqual(byUrl(second), { '/': 'same', '/a': 'same', '/b': 'same' });

    offerText = 'Summer offer: 20% off.';
    linksToB = false;
    const third = await runCheck(fc, monitor.id);
    assert.deepEqual(byUrl(third), { '/': 'changed', '/a': 'changed', '/b': 'removed' });
    assert.deepEqual(third.summary, { totalPages: 3, same: 0, changed: 2, new: 0, removed: 1, error: 0 });
    const offers = third.pages.find((p) => p.url.endsWith('/a'))!;
    assert.match(offers.diff!.text!, /^\+Summer offer: 20% off\.$/m);
  });

  test('a search target alerts on results it has not seen before', async () => {
    // The local search provider knows the pages this team fetched.
    await fc.scrape(site.url('/teapot'));
    const monitor = await fc.createMonitor({
      name: 'Teapots',
      schedule: { cron: '0 8 * * *' },
      goal: 'New teapot listings',
      targets: [{ type: 'search', queries: ['teapot'], searchWindow: '24h', maxResults: 5 }],
    });
    assert.equal(monitor.judgeEnabled, true);
    const first = await runCheck(fc, monitor.id);
    const hit = first.pages.find((p) => p.url === site.url('/teapot'));
    assert.ok(hit, JSON.stringify(first.pages));
    assert.equal(hit.status, 'new');
    assert.equal((hit.metadata as { searchStatus: string }).searchStatus, 'alert');
    const result = first.targetResults![0] as { type: string; searchCompleted: boolean; matches: number };
    assert.equal(result.type, 'search');
    assert.equal(result.searchCompleted, true);
    assert.ok(result.matches >= 1);

    const second = await runCheck(fc, monitor.id);
    const again = second.pages.find((p) => p.url === site.url('/teapot'))!;
    assert.equal(again.status, 'same');
    assert.equal((again.metadata as { searchStatus: string }).searchStatus, 'already_seen');
  });
});
