import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Firecrawl from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { page, waitForCrawl } from './helpers.js';

const MiB = 1024 * 1024;

describe('crawl through the official JS SDK', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  let slowServed = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));

  before(async () => {
    s = await startTestServer();
    const big = (n: number) => `<html><body><h1>Big ${n}</h1><p>${String(n).repeat(4 * MiB)}</p></body></html>`;
    // The first two slow pages answer; the rest wait until the crawl is cancelled, so that it
    // is still scraping when the test looks, however slow the machine.
    const slow = async (_req: IncomingMessage, res: ServerResponse) => {
      if (++slowServed > 2) await held;
      else await sleep(200);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('slow').html);
    };
    site = await startSite({
      '/robots.txt': { text: 'User-agent: *\nDisallow: /private\n' },
      '/': page('Home', ['/big/0', '/big/1', '/big/2', '/big/3', '/private/p', '/small']),
      '/small': page('Small'),
      ...Object.fromEntries([0, 1, 2, 3].map((n) => [`/big/${n}`, { html: big(n) }])),
      '/slow': page('Slow home', Array.from({ length: 20 }, (_, i) => `/slow/${i}`)),
      ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`/slow/${i}`, slow])),
    });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    release();
    await s.close();
    await site.close();
  });

  test('crawl() waits for the end and follows next across pages cut by the 10 MiB budget', async () => {
    const job = await fc.crawl(site.url('/'), { sitemap: 'skip', crawlEntireDomain: true, pollInterval: 1, timeout: 120 });
    assert.equal(job.status, 'completed');
    assert.equal(job.total, 6);
    assert.equal(job.completed, 6);
    assert.equal(job.creditsUsed, 6);
    assert.equal(job.data.length, 6, 'all documents, across pages');
    const paths = job.data.map((d) => new URL(d.metadata!.url!).pathname).sort();
    assert.deepEqual(paths, ['/', '/big/0', '/big/1', '/big/2', '/big/3', '/small']);
    assert.equal(new Set(job.data.map((d) => d.metadata!.scrapeId)).size, 6);

    const id = (await s.trawl.store.tasks.get(job.data[0]!.metadata!.scrapeId!))!.jobId!;
    const first = await fc.getCrawlStatus(id, { autoPaginate: false });
    assert.ok(first.data.length < 6, 'the first page was cut');
    assert.match(first.next!, new RegExp(`^${s.url}/v2/crawl/${id}\\?skip=${first.data.length}$`));

    const errors = await fc.getCrawlErrors(id);
    assert.deepEqual(errors.errors, []);
    assert.deepEqual(errors.robotsBlocked, [site.url('/private/p')]);
  });

  test('startCrawl(), getActiveCrawls(), getCrawlStatus(), cancelCrawl()', async () => {
    const started = await fc.startCrawl(site.url('/slow'), { crawlEntireDomain: true, sitemap: 'skip', limit: 15 });
    assert.equal(started.url, `${s.url}/v2/crawl/${started.id}`);

    const active = await fc.getActiveCrawls();
    assert.equal(active.success, true);
    const mine = active.crawls.find((c) => c.id === started.id)!;
    assert.ok(mine);
    assert.equal(mine.url, site.url('/slow'));
    assert.equal((mine.options as any).limit, 15);

    let status = await fc.getCrawlStatus(started.id);
    while (status.completed < 2) {
      await sleep(20);
      status = await fc.getCrawlStatus(started.id);
    }
    assert.equal(status.status, 'scraping');
    assert.ok(status.total >= status.completed);
    assert.equal(await fc.cancelCrawl(started.id), true);
    release();
    const ended = await waitForCrawl(s, started.id);
    assert.equal(ended.status, 'cancelled');
    assert.equal((await fc.getActiveCrawls()).crawls.some((c) => c.id === started.id), false);
  });
});
