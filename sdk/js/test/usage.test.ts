import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { Trawl } from '../src/index.js';

describe('@trawl/sdk: usage and queue', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    site = await startSite({ '/': { html: '<html><body><h1>Hi</h1></body></html>' } });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('credit usage, now and by month, counts what a scrape cost', async () => {
    const before = await trawl.getCreditUsage();
    assert.ok(Number.isInteger(before.remainingCredits));
    await trawl.scrape(site.url('/'), { maxAge: 0 });
    const historical = await trawl.getCreditUsageHistorical();
    assert.ok(historical.length >= 1);
    const month = new Date().toISOString().slice(0, 7);
    const current = historical.find((p) => p.startDate.startsWith(month));
    assert.ok(current, JSON.stringify(historical));
    assert.ok(current.creditsUsed >= 1, JSON.stringify(current));
    const byKey = await trawl.getCreditUsageHistorical(true);
    assert.ok(byKey.some((p) => p.apiKey !== null), JSON.stringify(byKey));
  });

  test('token usage, now and by month', async () => {
    const tokens = await trawl.getTokenUsage();
    assert.ok(Number.isInteger(tokens.remainingTokens));
    const historical = await trawl.getTokenUsageHistorical();
    assert.ok(Array.isArray(historical));
    for (const p of historical) assert.ok(Number.isInteger(p.tokensUsed));
  });

  test('queue status and concurrency', async () => {
    await trawl.batchScrape([site.url('/')], { options: { maxAge: 0 }, pollInterval: 0.1, timeout: 30 });
    const q = await trawl.getQueueStatus();
    assert.equal(q.success, true);
    for (const k of ['jobsInQueue', 'activeJobsInQueue', 'waitingJobsInQueue', 'maxConcurrency'] as const) assert.ok(Number.isInteger(q[k]), k);
    assert.match(q.mostRecentSuccess ?? '', /^\d{4}-\d\d-\d\dT/, 'the queued scrape counts as a success');
    const c = await trawl.getConcurrency();
    assert.equal(c.concurrency, 0);
    assert.equal(c.maxConcurrency, q.maxConcurrency);
  });
});
