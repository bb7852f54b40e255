import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const NOT_ENABLED = { success: false, error: 'This endpoint is not enabled for this team.' };
const ID = '0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b';

describe("Firecrawl's cloud-only data products", () => {
  let s: TestServer;
  let site: Site;

  before(async () => {
    site = await startSite({
      '/tides': { html: '<html><head><title>Tide tables</title></head><body><main><p>Tide tables for the harbour, high water and low water.</p></main></body></html>' },
    });
    s = await startTestServer();
    await s.api('POST', '/v2/scrape', { url: site.url('/tides'), maxAge: 0 });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test("firecrawl-mcp's default search gets Firecrawl's 403, and its own fallback then gets web results", async () => {
    // The two bodies firecrawl-mcp 3.26 sends for `firecrawl_search {query}` (postSearchWithFallback).
    const first = { query: 'tide tables', sources: ['web', 'alexandria'], toolDetail: 'compact', domainTools: true, origin: 'mcp-fastmcp' };
    const r = await s.api('POST', '/v2/search', first);
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, NOT_ENABLED);

    const fallback = await s.api('POST', '/v2/search', { ...first, sources: ['web'], domainTools: false });
    assert.equal(fallback.status, 200, JSON.stringify(fallback.body));
    assert.ok(fallback.body.data.web.some((hit: { url: string }) => hit.url === site.url('/tides')), JSON.stringify(fallback.body));
  });

  test('the exchange source, and sources given as objects, are refused the same way', async () => {
    for (const sources of [['exchange'], [{ type: 'alexandria' }], ['news', { type: 'exchange' }]]) {
      const r = await s.api('POST', '/v2/search', { query: 'tide', sources });
      assert.equal(r.status, 403, JSON.stringify(sources));
      assert.deepEqual(r.body, NOT_ENABLED);
    }
  });

  test('a scrape body carrying alexandria tool calls is refused, not taken for a bad URL', async () => {
    const r = await s.api('POST', '/v2/scrape', { alexandria: [{ provider: 'firecrawl', capability: 'find-tools', options: {} }] });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, NOT_ENABLED);
  });

  test('developer, research-paper and government indexes answer 403 on every route', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/v2/search/developer?query=fastify'],
      ['POST', '/v2/search/developer', { query: 'fastify' }],
      ['GET', '/v2/search/research/papers?query=crispr&origin=js-sdk@4.42.0'],
      ['GET', `/v2/search/research/papers/${ID}`],
      ['GET', `/v2/search/research/papers/${ID}/similar?intent=methods`],
      ['GET', '/v2/search/research/github?query=fastify'],
      ['POST', '/v2/search/gov', { query: 'zoning appeal', k: 5 }],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.api(method, path, body);
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.deepEqual(r.body, NOT_ENABLED);
    }
  });

  test('plain web searches are untouched', async () => {
    const r = await s.api('POST', '/v2/search', { query: 'tide tables', sources: ['web', { type: 'news' }] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });
});
