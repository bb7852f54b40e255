import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { concurrencyOf } from '../../src/billing/plans.js';
import { loadConfig } from '../../src/config.js';
import { slowPage, until } from '../batch/helpers.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('default worker concurrency: one team reaches its whole plan limit', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  const { gauge, route } = slowPage(1_500);

  before(async () => {
    const routes: Record<string, typeof route> = {};
    for (let i = 0; i < 12; i++) routes[`/p/${i}`] = route;
    site = await startSite(routes);
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('unset, TRAWL_WORKER_CONCURRENCY follows the default plan (at least 8); set, it wins', () => {
    assert.equal(loadConfig({ TRAWL_API_KEY: 'fc-0123456789abcdef0123456789abcdef' }).workerConcurrency, concurrencyOf('unlimited'));
    assert.equal(loadConfig({ TRAWL_API_KEY: 'fc-0123456789abcdef0123456789abcdef', TRAWL_DEFAULT_PLAN: 'free' }).workerConcurrency, 8);
    assert.equal(loadConfig({ TRAWL_API_KEY: 'fc-0123456789abcdef0123456789abcdef', TRAWL_WORKER_CONCURRENCY: '3' }).workerConcurrency, 3);
  });

  test('two batches of maxConcurrency 5 run 10 pages at once', async () => {
    const urls = (from: number) => [0, 1, 2, 3, 4, 5].map((i) => site.url(`/p/${from + i}`));
    const [a, b] = await Promise.all([fc.startBatchScrape(urls(0), { maxConcurrency: 5 }), fc.startBatchScrape(urls(6), { maxConcurrency: 5 })]);
    await until('both batches end', async () => {
      const [x, y] = await Promise.all([fc.getBatchScrapeStatus(a.id), fc.getBatchScrapeStatus(b.id)]);
      return x.status === 'completed' && y.status === 'completed';
    }, 60_000);
    assert.equal(gauge.served, 12);
    assert.equal(gauge.peak, 10, 'each batch held to its 5, together the 10 the jobs asked for');
  });
});
