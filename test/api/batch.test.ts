import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { batchScrapeRequest } from '../../src/api/batch.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/batch/scrape body (§8.1)', () => {
  test('ScrapeOptions are flattened at the top level with their defaults', () => {
    const out = accept(batchScrapeRequest, { urls: ['https://example.com/a'], formats: ['html'], waitFor: 100 });
    assert.deepEqual(out.formats, [{ type: 'html' }]);
    assert.equal(out.timeout, 60000);
    assert.equal(out.maxAge, 172800000);
    assert.equal(out.ignoreInvalidURLs, true);
    assert.equal(out.zeroDataRetention, false);
    assert.equal(out.origin, 'api');
  });

  test('accepted URLs keep the spelling the caller used for sourceURL', () => {
    const out = accept(batchScrapeRequest, { urls: ['example.com/a', 'https://example.com/b'] });
    assert.deepEqual(out.urls, [
      { url: 'http://example.com/a', sourceURL: 'example.com/a' },
      { url: 'https://example.com/b', sourceURL: 'https://example.com/b' },
    ]);
    assert.deepEqual(out.invalidURLs, []);
  });

  test('by default invalid URLs are dropped and listed', () => {
    const out = accept(batchScrapeRequest, { urls: ['example.com', 'not a url', 'ftp://example.com'] });
    assert.deepEqual(out.urls.map((u) => u.url), ['http://example.com/']);
    assert.deepEqual(out.invalidURLs, ['not a url', 'ftp://example.com']);
  });

  test('with ignoreInvalidURLs false any invalid URL fails validation', () => {
    const issues = reject(batchScrapeRequest, { urls: ['example.com', 'localhost', 'ftp://x.com'], ignoreInvalidURLs: false });
    assert.deepEqual([...issues], [
      ['urls.1', 'URL must have a valid top-level domain or be a valid path: localhost is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on'],
      ['urls.2', 'URL uses unsupported protocol'],
    ]);
  });

  test('urls needs at least one entry', () => {
    assert.ok(reject(batchScrapeRequest, { urls: [] }).has('urls'));
    assert.ok(reject(batchScrapeRequest, {}).has('urls'));
  });

  test('batch-only fields', () => {
    const out = accept(batchScrapeRequest, {
      urls: ['example.com'],
      webhook: { url: 'https://h.example.com', events: ['page'] },
      appendToId: '3f5c1d2e-1a2b-4c3d-9e8f-0a1b2c3d4e5f',
      maxConcurrency: 2,
      zeroDataRetention: true,
      integration: 'n8n',
    });
    assert.deepEqual(out.webhook?.events, ['page']);
    assert.ok(reject(batchScrapeRequest, { urls: ['example.com'], appendToId: 'batch-1' }).has('appendToId'));
    assert.ok(reject(batchScrapeRequest, { urls: ['example.com'], maxConcurrency: 0 }).has('maxConcurrency'));
  });

  test('ScrapeOptions rules and strictness apply', () => {
    assertIssue(batchScrapeRequest, { urls: ['example.com'], waitFor: 6000, timeout: 10000 }, 'waitFor', 'waitFor must not exceed half of timeout');
    assertIssue(
      batchScrapeRequest,
      { urls: ['example.com'], scrapeOptions: {} },
      '',
      'Unrecognized key in body -- please review the v2 API documentation for request body changes',
    );
  });
});
