import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { type Document, JobTimeoutError, Trawl } from '../src/index.js';

const MiB = 1024 * 1024;
const page = (title: string, hrefs: string[] = []) => ({
  html: `<html><head><title>${title}</title></head><body><h1>${title}</h1>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(' ')}</body></html>`,
});
const pathOf = (d: Document) => new URL(d.metadata.url!).pathname;

describe('@trawl/sdk: crawl', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    const slow = async (_req: IncomingMessage, res: ServerResponse) => {
      await sleep(300);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('slow').html);
    };
    site = await startSite({
      '/robots.txt': { text: 'User-agent: *\nDisallow: /private\n' },
      '/': page('Home', ['/a', '/b', '/private/p']),
      '/a': page('A', ['/c']),
      '/b': page('B'),
      '/c': page('C'),
      '/big': page('Big home', ['/big/0', '/big/1', '/big/2']),
      ...Object.fromEntries([0, 1, 2].map((n) => [`/big/${n}`, { html: `<html><body><h1>Big ${n}</h1><p>${String(n).repeat(4 * MiB)}</p></body></html>` }])),
      '/slow': page('Slow home', Array.from({ length: 12 }, (_, i) => `/slow/${i}`)),
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/slow/${i}`, slow])),
    });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('crawl() waits for the end and answers every page; getCrawlErrors() names what robots.txt kept out', async () => {
    const job = await trawl.crawl(site.url('/'), { sitemap: 'skip', pollInterval: 0.2, timeout: 60 });
    assert.equal(job.status, 'completed');
    assert.equal(job.total, 4);
    assert.equal(job.completed, 4);
    assert.deepEqual(job.data.map(pathOf).sort(), ['/', '/a', '/b', '/c']);
    assert.equal(job.next, null);

    const errors = await trawl.getCrawlErrors(job.id);
    assert.deepEqual(errors, { errors: [], robotsBlocked: [site.url('/private/p')] });
  });

  test('getCrawlStatus() follows `next` across pages cut by the page budget, unless told not to', async () => {
    const job = await trawl.crawl(site.url('/big'), { sitemap: 'skip', pollInterval: 0.2, timeout: 120 });
    assert.equal(job.completed, 4);
    assert.equal(job.data.length, 4, 'all documents, across pages');
    const jobId = job.id;

    const firstPage = await trawl.getCrawlStatus(jobId, { autoPaginate: false });
    assert.ok(firstPage.data.length < 4, 'the first page was cut');
    assert.equal(firstPage.next, `${s.url}/v2/crawl/${jobId}?skip=${firstPage.data.length}`);

    const capped = await trawl.getCrawlStatus(jobId, { maxResults: 1 });
    assert.equal(capped.data.length, 1);
    const twoPages = await trawl.getCrawlStatus(jobId, { maxPages: 2 });
    assert.ok(twoPages.data.length > firstPage.data.length && twoPages.data.length <= 4);
  });

  test('startCrawl(), getActiveCrawls(), cancelCrawl(); a waiter that times out says so', async () => {
    const started = await trawl.startCrawl(site.url('/slow'), { sitemap: 'skip', limit: 10, maxConcurrency: 1, scrapeOptions: { maxAge: 0 } });
    assert.equal(started.url, `${s.url}/v2/crawl/${started.id}`);
    const active = await trawl.getActiveCrawls();
    const mine = active.crawls.find((c) => c.id === started.id);
    assert.ok(mine, JSON.stringify(active));
    assert.equal(mine.url, site.url('/slow'));
    assert.equal(mine.options?.limit, 10);

    const timedOut = await trawl.crawl(site.url('/slow'), { sitemap: 'skip', limit: 10, maxConcurrency: 1, scrapeOptions: { maxAge: 0 }, pollInterval: 0.1, timeout: 0.5 }).catch((e: unknown) => e);
    assert.ok(timedOut instanceof JobTimeoutError, String(timedOut));
    assert.match(timedOut.message, /did not finish within 0\.5 s/);
    await trawl.cancelCrawl(timedOut.jobId);

    assert.equal(await trawl.cancelCrawl(started.id), true);
    const ended = await trawl.getCrawlStatus(started.id);
    assert.equal(ended.status, 'cancelled');
    assert.equal((await trawl.getActiveCrawls()).crawls.some((c) => c.id === started.id), false);
  });

  test('crawlParamsPreview() answers the options a prompt gives', async () => {
    const preview = await trawl.crawlParamsPreview('https://docs.example.com', 'only the blog, up to 50 pages');
    assert.equal(preview.url, 'https://docs.example.com');
    assert.equal(preview.limit, 50);
    assert.deepEqual(preview.includePaths, ['^/blog(/|$).*']);
  });
});
