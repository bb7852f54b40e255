import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crawlParamsPreviewRequest, crawlRequest, jobStatusQuery } from '../../src/api/crawl.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/crawl body (§7.1)', () => {
  test('defaults: 10000 pages, sitemap include, full scrape defaults', () => {
    const out = accept(crawlRequest, { url: 'docs.example.com' });
    assert.equal(out.url, 'http://docs.example.com/');
    assert.equal(out.limit, 10000);
    assert.equal(out.sitemap, 'include');
    assert.deepEqual(out.includePaths, []);
    assert.deepEqual(out.excludePaths, []);
    assert.equal(out.regexOnFullURL, false);
    assert.equal(out.ignoreQueryParameters, false);
    assert.equal(out.deduplicateSimilarURLs, true);
    assert.equal(out.crawlEntireDomain, false);
    assert.equal(out.allowExternalLinks, false);
    assert.equal(out.allowSubdomains, false);
    assert.equal(out.ignoreRobotsTxt, false);
    assert.equal(out.zeroDataRetention, false);
    assert.equal(out.maxDiscoveryDepth, undefined);
    assert.deepEqual(out.scrapeOptions.formats, [{ type: 'markdown' }]);
    assert.equal(out.scrapeOptions.maxAge, 172800000);
  });

  test('null fields the SDK types allow are treated as absent', () => {
    const out = accept(crawlRequest, {
      url: 'example.com',
      limit: null,
      delay: null,
      maxDiscoveryDepth: null,
      includePaths: null,
      excludePaths: null,
      webhook: null,
      scrapeOptions: null,
      robotsUserAgent: null,
      maxConcurrency: null,
      prompt: null,
    });
    assert.equal(out.limit, 10000);
    assert.deepEqual(out.includePaths, []);
    assert.equal(out.scrapeOptions.timeout, 60000);
    assert.equal(out.webhook, undefined);
  });

  test('include/exclude paths must be valid regular expressions', () => {
    assertIssue(
      crawlRequest,
      { url: 'example.com', includePaths: ['blog/.*', '(unclosed'] },
      'includePaths.1',
      /^Invalid regular expression "\(unclosed": Invalid regular expression: .*Unterminated group/,
    );
    assert.ok(reject(crawlRequest, { url: 'example.com', excludePaths: ['[a-'] }).has('excludePaths.0'));
  });

  test('numeric constraints', () => {
    assert.ok(reject(crawlRequest, { url: 'example.com', limit: 0 }).has('limit'));
    assert.ok(reject(crawlRequest, { url: 'example.com', delay: 0 }).has('delay'));
    assert.ok(reject(crawlRequest, { url: 'example.com', maxDiscoveryDepth: -1 }).has('maxDiscoveryDepth'));
    assert.ok(reject(crawlRequest, { url: 'example.com', maxConcurrency: 0 }).has('maxConcurrency'));
    assert.equal(accept(crawlRequest, { url: 'example.com', delay: 0.5, maxDiscoveryDepth: 0 }).delay, 0.5);
  });

  test('nested scrapeOptions are validated with their own rules', () => {
    assertIssue(
      crawlRequest,
      { url: 'example.com', scrapeOptions: { waitFor: 10000, timeout: 10000 } },
      'scrapeOptions.waitFor',
      'waitFor must not exceed half of timeout',
    );
    assertIssue(
      crawlRequest,
      { url: 'example.com', scrapeOptions: { url: 'x' } },
      'scrapeOptions',
      'Unrecognized key in body -- please review the v2 API documentation for request body changes',
    );
  });

  test('webhook string shorthand and v1 field names', () => {
    assert.equal(accept(crawlRequest, { url: 'example.com', webhook: 'https://h.example.com' }).webhook?.url, 'https://h.example.com');
    const result = crawlRequest.safeParse({ url: 'example.com', maxDepth: 2, ignoreSitemap: true });
    assert.deepEqual((result.error?.issues[0] as { keys?: string[] }).keys, ['maxDepth', 'ignoreSitemap']);
  });
});

describe('GET /v2/crawl/{id} query (§7.2)', () => {
  test('skip defaults to 0; numbers arrive as strings', () => {
    assert.deepEqual(accept(jobStatusQuery, {}), { skip: 0 });
    assert.deepEqual(accept(jobStatusQuery, { skip: '120', limit: '50' }), { skip: 120, limit: 50 });
  });

  test('skip ≥ 0, limit ≥ 1, integers only', () => {
    assert.ok(reject(jobStatusQuery, { skip: '-1' }).has('skip'));
    assert.ok(reject(jobStatusQuery, { limit: '0' }).has('limit'));
    assert.ok(reject(jobStatusQuery, { limit: 'ten' }).has('limit'));
    assert.ok(reject(jobStatusQuery, { skip: '1.5' }).has('skip'));
  });
});

describe('POST /v2/crawl/params-preview body (§7.6)', () => {
  test('url and prompt are required', () => {
    assert.deepEqual(accept(crawlParamsPreviewRequest, { url: 'docs.example.com', prompt: 'only the API docs', origin: 'js-sdk@4' }), {
      url: 'http://docs.example.com/',
      prompt: 'only the API docs',
      origin: 'js-sdk@4',
    });
    const issues = reject(crawlParamsPreviewRequest, {});
    assert.ok(issues.has('url') && issues.has('prompt'));
    assert.ok(reject(crawlParamsPreviewRequest, { url: 'example.com', prompt: 'x'.repeat(10001) }).has('prompt'));
  });
});
