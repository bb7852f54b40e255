import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { until } from '../batch/helpers.js';
import { startSite } from '../fixtures/site.js';
import { restartableServer } from '../helpers/process.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';
import { PRODUCT_SCHEMA, productPage } from './pages.js';

const URLS = 8;

test('kill -9 in the middle of an extract: after a restart it completes, without reading again the pages it had read', { timeout: 90_000 }, async () => {
  const dataDir = tempDataDir();
  const gauge = { inFlight: 0, served: 0 };
  const slow = (i: number) => async (_req: IncomingMessage, res: ServerResponse) => {
    gauge.inFlight++;
    await sleep(400);
    gauge.inFlight--;
    gauge.served++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(`Part ${i}`, 10 + i, `Spare part number ${i}.`));
  };
  const site = await startSite();
  for (let i = 0; i < URLS; i++) site.set(`/part/${i}`, slow(i));
  const trawl = restartableServer(dataDir, TEST_KEY);

  try {
    const first = await trawl.start();
    const urls = Array.from({ length: URLS }, (_, i) => site.url(`/part/${i}`));
    // maxAge 0: no page comes from the cache, so a page not fetched again was remembered by the job.
    const started = await first.api('POST', '/v2/extract', { urls, schema: PRODUCT_SCHEMA, urlTrace: true, scrapeOptions: { maxAge: 0 } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const id: string = started.body.id;

    // Pages are read 4 at a time: a fifth in flight means a reader moved on, so its first page is on record.
    await until('some pages are read and others in flight', () => gauge.served >= 4 && gauge.inFlight > 0);
    const before = gauge.served + gauge.inFlight;
    await trawl.kill9(first);
    assert.equal((await fetch(first.url).catch(() => null)), null, 'the first process is gone');

    const second = await trawl.start();
    const fc = new Firecrawl({ apiKey: TEST_KEY, apiUrl: second.url });
    const status = await fc.getExtractStatus(id);
    assert.ok(['processing', 'completed'].includes(status.status!), `resumed, not lost: ${status.status}`);
    let done: any;
    await until('the extract has ended', async () => {
      done = (await second.api('GET', `/v2/extract/${id}`)).body;
      return done.status !== 'processing';
    }, 30_000);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.deepEqual(done.data, { name: 'Part 0', price: 10 });
    assert.deepEqual(done.urlTrace.map((t: any) => [t.url, t.status]), urls.map((u) => [u, 'success']));
    assert.equal(done.creditsUsed, URLS, 'each page counted once');

    const requested = site.requests.filter((r) => r.path.startsWith('/part/')).length;
    assert.ok(requested < before + URLS, `pages read before the kill were not all fetched again (${requested} requests, ${before} before the kill)`);

    second.proc.child.kill('SIGTERM');
    assert.equal(await second.proc.exited, 0);
  } finally {
    trawl.cleanup();
    await site.close();
  }
});
