import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { Trawl, TrawlError } from '../src/index.js';

const page = (title: string) => ({ html: `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>About ${title}.</p></body></html>` });

describe('@trawl/sdk: batch scrape', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    const slow = async (_req: IncomingMessage, res: ServerResponse) => {
      await sleep(400);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page('Slow').html);
    };
    site = await startSite({
      '/one': page('One'),
      '/two': page('Two'),
      '/three': page('Three'),
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`/slow/${i}`, slow])),
    });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('batchScrape() scrapes every URL with the options given and lists the invalid ones', async () => {
    const job = await trawl.batchScrape([site.url('/one'), site.url('/two'), site.url('/three')], {
      options: { formats: ['markdown', 'html'] },
      pollInterval: 0.2,
      timeout: 60,
    });
    assert.equal(job.status, 'completed');
    assert.equal(job.total, 3);
    assert.equal(job.completed, 3);
    const titles = job.data.map((d) => d.metadata.title).sort();
    assert.deepEqual(titles, ['One', 'Three', 'Two']);
    assert.ok(job.data.every((d) => d.html?.includes('<h1>')), 'the flattened options reached the server');
    assert.deepEqual(await trawl.getBatchScrapeErrors(job.id), { errors: [], robotsBlocked: [] });

    const started = await trawl.startBatchScrape([site.url('/one'), 'ftp://nope.example.com/x']);
    assert.deepEqual(started.invalidURLs, ['ftp://nope.example.com/x']);
    assert.equal(started.url, `${s.url}/v2/batch/scrape/${started.id}`);
  });

  test('startBatchScrape(), getBatchScrapeStatus(), cancelBatchScrape()', async () => {
    const started = await trawl.startBatchScrape(Array.from({ length: 8 }, (_, i) => site.url(`/slow/${i}`)), { maxConcurrency: 1 });
    const running = await trawl.getBatchScrapeStatus(started.id);
    assert.equal(running.status, 'scraping');
    assert.equal(running.total, 8);
    assert.equal(await trawl.cancelBatchScrape(started.id), true);
    const ended = await trawl.getBatchScrapeStatus(started.id);
    assert.equal(ended.status, 'cancelled');
    assert.ok(ended.completed < 8);
  });

  test('idempotencyKey: the second start with the same key is refused with 409', async () => {
    const key = `sdk-${Date.now()}`;
    await trawl.startBatchScrape([site.url('/one')], { idempotencyKey: key });
    const again = await trawl.startBatchScrape([site.url('/one')], { idempotencyKey: key }).catch((e: unknown) => e);
    assert.ok(again instanceof TrawlError);
    assert.equal(again.status, 409);
    assert.equal(again.message, 'Idempotency key already used');
  });
});
