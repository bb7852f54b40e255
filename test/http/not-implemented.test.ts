import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ID = '0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b';

/** The smallest valid body of each route that takes one. */
const bodies: Record<string, unknown> = {
  'POST /v2/scrape': { url: 'https://example.com' },
  'POST /v2/scrape/:jobId/interact': { code: 'console.log(1)' },
  'POST /v2/search': { query: 'trawl' },
  'POST /v2/search/:jobId/feedback': { rating: 'bad', missingContent: [{ topic: 'pricing' }] },
  'POST /v2/map': { url: 'https://example.com' },
  'POST /v2/crawl': { url: 'https://example.com' },
  'POST /v2/crawl/params-preview': { url: 'https://example.com', prompt: 'only the blog' },
  'POST /v2/batch/scrape': { urls: ['https://example.com'] },
  'POST /v2/extract': { urls: ['https://example.com'], prompt: 'the title' },
  'POST /v2/agent': { prompt: 'find the pricing' },
  'POST /v2/browser': {},
  'POST /v2/browser/:sessionId/execute': { code: 'echo hi' },
  'POST /v2/interact': {},
  'POST /v2/interact/:sessionId/execute': { code: 'echo hi' },
  'POST /v2/feedback': { endpoint: 'scrape', jobId: ID, rating: 'good', valuableSources: [{ url: 'https://example.com' }] },
};

describe('routes whose capability is not built yet', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('every /v2 route of the contract index is routed', () => {
    const all = s.trawl.routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /v2/scrape', 'GET /v2/scrape/:jobId', 'POST /v2/scrape/:jobId/interact', 'DELETE /v2/scrape/:jobId/interact',
      'POST /v2/parse', 'POST /v2/search', 'POST /v2/map', 'POST /v2/crawl', 'GET /v2/crawl/:id', 'DELETE /v2/crawl/:id',
      'GET /v2/crawl/:id/errors', 'GET /v2/crawl/active', 'GET /v2/crawl/ongoing', 'POST /v2/crawl/params-preview',
      'POST /v2/batch/scrape', 'GET /v2/batch/scrape/:id', 'DELETE /v2/batch/scrape/:id', 'GET /v2/batch/scrape/:id/errors',
      'POST /v2/extract', 'GET /v2/extract/:id', 'POST /v2/agent', 'GET /v2/agent/:jobId', 'DELETE /v2/agent/:jobId',
      'GET /v2/agent', 'GET /v2/agent/:jobId/trace', 'GET /v2/agent/:jobId/snapshots/:snapshotId',
      'GET /v2/agent/threads/:threadId', 'POST /v2/browser', 'GET /v2/browser', 'POST /v2/browser/:sessionId/execute',
      'DELETE /v2/browser/:sessionId', 'POST /v2/interact', 'GET /v2/interact', 'POST /v2/interact/:sessionId/execute',
      'DELETE /v2/interact/:sessionId', 'POST /v2/monitor', 'GET /v2/monitor', 'GET /v2/monitor/:monitorId',
      'PATCH /v2/monitor/:monitorId', 'DELETE /v2/monitor/:monitorId', 'POST /v2/monitor/:monitorId/run',
      'GET /v2/monitor/:monitorId/checks', 'GET /v2/monitor/:monitorId/checks/:checkId', 'GET /v2/team/credit-usage',
      'GET /v2/team/credit-usage/historical', 'GET /v2/team/token-usage', 'GET /v2/team/token-usage/historical',
      'GET /v2/team/queue-status', 'GET /v2/concurrency-check', 'POST /v2/feedback', 'POST /v2/search/:jobId/feedback',
    ]) {
      assert.ok(all.includes(expected), `${expected} is routed`);
    }
  });

  test('each route whose capability is not built answers 501 NOT_IMPLEMENTED in JSON', async (t) => {
    for (const route of s.trawl.routes.filter((r) => !r.handler)) {
      const key = `${route.method} ${route.url}`;
      await t.test(key, async () => {
        const path = route.url.replace(/:(\w+)/g, ID);
        const body = bodies[key] ?? (route.method === 'POST' || route.method === 'PATCH' ? {} : undefined);
        const r = await s.api(route.method, path, body);
        assert.equal(r.status, 501, JSON.stringify(r.body));
        assert.equal(r.body.success, false);
        assert.equal(r.body.code, 'NOT_IMPLEMENTED');
        assert.match(r.body.error, /is not supported by this server$/);
      });
    }
  });

  test('literal segments win over parameters', async () => {
    // Not taken for the status of a crawl with the id "active".
    const r = await s.api('GET', '/v2/crawl/active');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { success: true, crawls: [] });
  });
});
