import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSite } from '../fixtures/site.js';
import { restartableServer } from '../helpers/process.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';
import { slowPage, until } from './helpers.js';

const URLS = 20;

test('kill -9 in the middle of a batch: after a restart every URL has its document exactly once', { timeout: 90_000 }, async () => {
  const dataDir = tempDataDir();
  const { gauge, route } = slowPage(300);
  const site = await startSite();
  for (let i = 0; i < URLS; i++) site.set(`/slow/${i}`, route);
  const trawl = restartableServer(dataDir, TEST_KEY, { TRAWL_WORKER_CONCURRENCY: '4' });

  try {
    const first = await trawl.start();
    const urls = Array.from({ length: URLS }, (_, i) => site.url(`/slow/${i}`));
    const started = await first.api('POST', '/v2/batch/scrape', { urls });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const id: string = started.body.id;

    await until('some pages are done and others in flight', async () => {
      const st = await first.api('GET', `/v2/batch/scrape/${id}`);
      return st.body.completed >= 5 && gauge.inFlight > 0;
    });
    await trawl.kill9(first);
    const before = gauge.served + gauge.inFlight;

    const second = await trawl.start();
    let done: any;
    await until('the batch has ended', async () => {
      done = (await second.api('GET', `/v2/batch/scrape/${id}`)).body;
      return done.status !== 'scraping';
    }, 30_000);
    assert.equal(done.status, 'completed');
    assert.equal(done.total, URLS);
    assert.equal(done.completed, URLS);
    assert.equal(done.creditsUsed, URLS);
    assert.equal(done.data.length, URLS);
    assert.equal('next' in done, false);
    const sources = done.data.map((d: any) => d.metadata.sourceURL).sort();
    assert.deepEqual(sources, [...urls].sort(), 'each URL has one document');
    assert.equal(new Set(done.data.map((d: any) => d.metadata.scrapeId)).size, URLS);
    assert.deepEqual((await second.api('GET', `/v2/batch/scrape/${id}/errors`)).body, { success: true, errors: [], robotsBlocked: [] });

    const requested = site.requests.filter((r) => r.path.startsWith('/slow/')).length;
    assert.ok(requested > URLS, `the pages cut short by the kill were fetched again (${requested} requests, ${before} before the restart)`);

    second.proc.child.kill('SIGTERM');
    assert.equal(await second.proc.exited, 0);
  } finally {
    trawl.cleanup();
    await site.close();
  }
});
