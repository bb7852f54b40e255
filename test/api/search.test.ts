import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { searchRequest } from '../../src/api/search.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/search body (§5.1)', () => {
  test('defaults: 10 results of web, US/en, 60 s, highlights, no scraping', () => {
    assert.deepEqual(accept(searchRequest, { query: 'firecrawl' }), {
      query: 'firecrawl',
      limit: 10,
      sources: [{ type: 'web' }],
      categories: [],
      country: 'US',
      lang: 'en',
      timeout: 60000,
      ignoreInvalidURLs: false,
      highlights: true,
      domainTools: false,
      toolDetail: 'summary',
      origin: 'api',
    });
  });

  test('null limit gets the default', () => {
    assert.equal(accept(searchRequest, { query: 'q', limit: null }).limit, 10);
  });

  test('query is 1–500 characters; limit 1–100', () => {
    assert.ok(reject(searchRequest, { query: '' }).has('query'));
    assert.ok(reject(searchRequest, { query: 'x'.repeat(501) }).has('query'));
    assert.ok(reject(searchRequest, { query: 'q', limit: 101 }).has('limit'));
  });

  test('sources and categories mix strings and objects', () => {
    const out = accept(searchRequest, {
      query: 'q',
      sources: ['news', { type: 'web', tbs: 'qdr:d', country: 'DE' }, 'images'],
      categories: ['github', { type: 'pdf' }],
    });
    assert.deepEqual(out.sources, [{ type: 'news' }, { type: 'web', tbs: 'qdr:d', country: 'DE' }, { type: 'images' }]);
    assert.deepEqual(out.categories, [{ type: 'github' }, { type: 'pdf' }]);
    assertIssue(searchRequest, { query: 'q', sources: ['video'] }, 'sources.0', 'Unknown source "video". Expected one of: web, news, images');
    assert.ok(reject(searchRequest, { query: 'q', sources: [{ type: 'news', tbs: 'qdr:d' }] }).has('sources.0'));
  });

  test('includeDomains and excludeDomains cannot be combined', () => {
    assertIssue(
      searchRequest,
      { query: 'q', includeDomains: ['a.com'], excludeDomains: ['b.com'] },
      'excludeDomains',
      'includeDomains and excludeDomains cannot both be specified',
    );
    assert.deepEqual(accept(searchRequest, { query: 'q', includeDomains: ['Docs.Example.com'] }).includeDomains, ['docs.example.com']);
  });

  test('domain filters take host names only', () => {
    assertIssue(
      searchRequest,
      { query: 'q', includeDomains: ['https://example.com/docs'] },
      'includeDomains.0',
      'Domain must be a valid hostname without protocol or path',
    );
  });

  test('the developer category stands alone', () => {
    assertIssue(
      searchRequest,
      { query: 'q', categories: ['developer', 'github'] },
      'categories',
      'the developer category cannot be combined with other categories',
    );
    accept(searchRequest, { query: 'q', categories: ['developer'] });
  });

  test('scrapeOptions without formats means markdown; changeTracking is refused', () => {
    assert.deepEqual(accept(searchRequest, { query: 'q', scrapeOptions: {} }).scrapeOptions?.formats, [{ type: 'markdown' }]);
    assert.deepEqual(accept(searchRequest, { query: 'q', scrapeOptions: { formats: [] } }).scrapeOptions?.formats, []);
    assertIssue(
      searchRequest,
      { query: 'q', scrapeOptions: { formats: ['markdown', 'changeTracking'] } },
      'scrapeOptions.formats.1',
      'The changeTracking format is not supported by /v2/search',
    );
  });

  test('legacy and extended fields are accepted', () => {
    const out = accept(searchRequest, {
      query: 'q',
      tbs: 'qdr:w',
      location: 'Berlin,Germany',
      lang: 'de',
      filter: '0',
      safe: true,
      enterprise: ['zdr'],
      threatProtection: { mode: 'normal' },
      domainTools: true,
      toolDetail: 'compact',
    });
    assert.deepEqual(out.enterprise, ['zdr']);
  });
});
