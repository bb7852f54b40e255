import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSite } from '../fixtures/site.js';
import { restartableServer } from '../helpers/process.js';
import { TEST_KEY, tempDataDir } from '../helpers/server.js';
import { until } from '../batch/helpers.js';
import { page } from './helpers.js';

const PAGES = 500;
const pathOf = (i: number) => (i === 0 ? '/' : `/p/${i}`);

test('kill -9 in the middle of a 500-page crawl: after a restart every page is there exactly once', { timeout: 180_000 }, async (t) => {
  const dataDir = tempDataDir();
  const site = await startSite();
  for (let i = 0; i < PAGES; i++) {
    const html = page(`Page ${i}`, [1, 2, 3, 5, 8, 13].map((d) => pathOf((i + d) % PAGES))).html;
    site.set(pathOf(i), async (_req: IncomingMessage, res: ServerResponse) => {
      await sleep(15);
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    });
  }
  const trawl = restartableServer(dataDir, TEST_KEY, { TRAWL_RATE_LIMITS: 'off', TRAWL_WORKER_CONCURRENCY: '4' });

  try {
    const first = await trawl.start();
    const started = await first.api('POST', '/v2/crawl', { url: site.url('/'), sitemap: 'skip', crawlEntireDomain: true });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const id: string = started.body.id;

    let before: any;
    await until('a good part of the crawl is done', async () => {
      before = (await first.api('GET', `/v2/crawl/${id}?limit=1`)).body;
      return before.completed >= 120;
    }, 60_000);
    await trawl.kill9(first);
    assert.equal(before.status, 'scraping');
    assert.ok(before.completed < PAGES, `killed with ${before.completed} of ${PAGES} done`);

    const second = await trawl.start();
    let done: any;
    await until('the crawl has ended', async () => {
      done = (await second.api('GET', `/v2/crawl/${id}?limit=1`)).body;
      return done.status !== 'scraping';
    }, 120_000);
    assert.equal(done.status, 'completed');
    assert.equal(done.total, PAGES);
    assert.equal(done.completed, PAGES);
    assert.equal(done.creditsUsed, PAGES);

    const all = (await second.api('GET', `/v2/crawl/${id}`)).body;
    assert.equal(all.data.length, PAGES);
    assert.equal('next' in all, false);
    const paths = all.data.map((d: any) => new URL(d.metadata.url).pathname);
    assert.equal(new Set(paths).size, PAGES, 'every page once');
    assert.deepEqual([...paths].sort(), Array.from({ length: PAGES }, (_, i) => pathOf(i)).sort());
    assert.equal(new Set(all.data.map((d: any) => d.metadata.scrapeId)).size, PAGES);
    assert.deepEqual((await second.api('GET', `/v2/crawl/${id}/errors`)).body, { success: true, errors: [], robotsBlocked: [] });

    const fetched = site.requests.filter((r) => r.path === '/' || r.path.startsWith('/p/')).length;
    t.diagnostic(`killed at ${before.completed}/${PAGES} documents; ${fetched} page requests in all (re-fetches: the pages in flight at the kill)`);

    second.proc.child.kill('SIGTERM');
    assert.equal(await second.proc.exited, 0);
  } finally {
    trawl.cleanup();
    await site.close();
  }
});
