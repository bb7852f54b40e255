import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
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

  test('a prompt with nothing understood is the 400 of §7.6', async () => {
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'make me a sandwich' });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { success: false, error: 'Failed to process natural language prompt. Please try rephrasing.' });
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

    test('an unusable prompt surfaces as an SdkError with status 400 and the message', async () => {
      await assert.rejects(fc.crawlParamsPreview('https://example.com', 'make me a sandwich'), (err: unknown) => {
        assert.ok(err instanceof SdkError);
        assert.equal(err.status, 400);
        assert.match(err.message, /Failed to process natural language prompt/);
        return true;
      });
    });
  });
});
