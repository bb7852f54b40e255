import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { QUEUE_WAIT_REPORTED_MS } from '../../src/jobs/results.js';
import { slowPage } from '../batch/helpers.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('metadata.concurrencyLimited: pages that waited for a free slot say so', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;

  before(async () => {
    const { route } = slowPage(QUEUE_WAIT_REPORTED_MS + 300);
    site = await startSite({ '/a': route, '/b': route, '/c': route });
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('with maxConcurrency 1, the pages queued behind the first carry concurrencyLimited and how long they waited', async () => {
    const job = await fc.batchScrape([site.url('/a'), site.url('/b'), site.url('/c')], { maxConcurrency: 1, pollInterval: 1 });
    assert.equal(job.data.length, 3);
    const waits = job.data
      .map((d) => d.metadata as { concurrencyLimited?: boolean; concurrencyQueueDurationMs?: number })
      .sort((x, y) => (x.concurrencyQueueDurationMs ?? 0) - (y.concurrencyQueueDurationMs ?? 0));
    for (const w of waits) {
      // Present together, or not at all.
      assert.equal('concurrencyQueueDurationMs' in w, w.concurrencyLimited === true);
    }
    for (const w of waits.slice(1)) {
      assert.equal(w.concurrencyLimited, true);
      assert.ok(Number.isInteger(w.concurrencyQueueDurationMs) && w.concurrencyQueueDurationMs! >= QUEUE_WAIT_REPORTED_MS, JSON.stringify(w));
    }
  });
});
