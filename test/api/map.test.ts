import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapRequest } from '../../src/api/map.js';
import { accept, assertIssue, reject } from './issues.js';

describe('POST /v2/map body (§6.1)', () => {
  test('defaults: sitemap include, 5000 links, subdomains on, query strings dropped', () => {
    assert.deepEqual(accept(mapRequest, { url: 'example.com' }), {
      url: 'http://example.com/',
      sitemap: 'include',
      includeSubdomains: true,
      ignoreQueryParameters: true,
      ignoreCache: false,
      limit: 5000,
      useIndex: true,
      filterByPath: true,
      origin: 'api',
    });
  });

  test('limit is 1–100000; null takes the default', () => {
    assert.equal(accept(mapRequest, { url: 'example.com', limit: 100000 }).limit, 100000);
    assert.equal(accept(mapRequest, { url: 'example.com', limit: null }).limit, 5000);
    assert.ok(reject(mapRequest, { url: 'example.com', limit: 100001 }).has('limit'));
  });

  test('sitemap modes', () => {
    assert.equal(accept(mapRequest, { url: 'example.com', sitemap: 'only' }).sitemap, 'only');
    assert.ok(reject(mapRequest, { url: 'example.com', sitemap: 'never' }).has('sitemap'));
  });

  test('legacy crawler fields are accepted', () => {
    accept(mapRequest, {
      url: 'example.com',
      includePaths: ['blog/'],
      excludePaths: [],
      maxDiscoveryDepth: 2,
      crawlEntireDomain: true,
      allowExternalLinks: false,
      allowSubdomains: true,
      ignoreRobotsTxt: false,
      deduplicateSimilarURLs: true,
      regexOnFullURL: false,
      delay: 1,
      search: 'docs',
      location: { country: 'de' },
      auditMetadata: { username: 'a' },
      threatProtection: {},
      useMock: 'x',
      timeout: 5000,
    });
  });

  test('url follows §1.5', () => {
    assertIssue(mapRequest, { url: 'https://intranet' }, 'url', 'URL must have a valid top-level domain or be a valid path: intranet is an IP address or a local name, which this server fetches only when started with TRAWL_ALLOW_PRIVATE_NETWORK=on');
  });
});
