import assert from 'node:assert/strict';
import Firecrawl from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../helpers/server.js';

describe('POST /v2/crawl/params-preview', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('answers data = url + the inferred options only, as §7.6 shapes it', async () => {
    const r = await s.api('POST', '/v2/crawl/params-preview', {
      url: 'https://docs.example.com',
      prompt: 'Only the docs and the blog, skip /admin, up to 200 pages, 3 levels deep, ignore query strings, 2 seconds between pages',
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      data: {
        url: 'https://docs.example.com',
        includePaths: ['^/docs(/|$).*', '^/blog(/|$).*'],
        excludePaths: ['^/admin(/|$).*'],
        maxDiscoveryDepth: 3,
        limit: 200,
        ignoreQueryParameters: true,
        delay: 2,
      },
    });
  });

  test('the url is echoed as sent, with the scheme §1.5 assumes when it is missing', async () => {
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'example.com', prompt: 'the whole site' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { url: 'http://example.com/', crawlEntireDomain: true });
    const kept = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://Example.com/Docs', prompt: 'the whole site' });
    assert.equal(kept.body.data.url, 'https://example.com/Docs');
  });

  test('what was not understood is named in a top-level warning', async () => {
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'only the blog, and be gentle' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { url: 'https://example.com', includePaths: ['^/blog(/|$).*'] });
    assert.match(r.body.warning, /"be gentle"/);
  });

  test('a prompt with nothing understood is no 400: the bare URL and a warning saying nothing was derived', async () => {
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'make me a sandwich' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data, { url: 'https://example.com' });
    assert.match(r.body.warning, /"make me a sandwich"/);
    assert.match(r.body.warning, /No crawler option could be derived from the prompt/);
  });

  test('symbols only, or 10,000 characters: answered, with what could be read and a warning of bounded length', async () => {
    const symbols = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: '!!! ### $$$ %%% 🙂' });
    assert.equal(symbols.status, 200, JSON.stringify(symbols.body));
    assert.deepEqual(symbols.body.data, { url: 'https://example.com' });
    assert.match(symbols.body.warning, /No crawler option could be derived/);

    const long = `only the blog, up to 20 pages. ${'Then wander about the harbour and count the boats. '.repeat(200)}`.slice(0, 10_000);
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: long });
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    assert.deepEqual(r.body.data, { url: 'https://example.com', includePaths: ['^/blog(/|$).*'], limit: 20 });
    assert.match(r.body.warning, /^Parts of the prompt were not understood and had no effect: /);
    assert.ok(r.body.warning.length < 1000, `a warning of ${r.body.warning.length} characters`);
  });

  test('a missing or oversized prompt is a validation error', async () => {
    const missing = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'BAD_REQUEST');
    const long = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'x'.repeat(10_001) });
    assert.equal(long.status, 400);
    assert.equal(long.body.code, 'BAD_REQUEST');
  });

  test('costs no credits', async () => {
    const before = (await s.api('GET', '/v2/team/credit-usage')).body.data;
    await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'up to 10 pages' });
    const after = (await s.api('GET', '/v2/team/credit-usage')).body.data;
    assert.deepEqual(after, before);
  });

  describe('through the official JS SDK', () => {
    let fc: Firecrawl;
    before(() => {
      fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    });

    test('crawlParamsPreview() returns the options, with the warning folded in', async () => {
      const data = await fc.crawlParamsPreview('https://example.com', 'just /docs, include subdomains, first 10 pages, be quick');
      assert.deepEqual(data, {
        url: 'https://example.com',
        includePaths: ['^/docs(/|$).*'],
        allowSubdomains: true,
        limit: 10,
        warning: 'Parts of the prompt were not understood and had no effect: "be quick".',
      });
    });

    test('an unusable prompt comes back as the bare URL with the warning, not an error', async () => {
      const data = await fc.crawlParamsPreview('https://example.com', 'make me a sandwich');
      assert.equal(data.url, 'https://example.com');
      assert.match(String((data as { warning?: string }).warning), /No crawler option could be derived/);
    });
  });
});
