import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isBareHomepage,
  isChildPath,
  isSameSite,
  isSubdomainOf,
  normalizeUrl,
  pathFilter,
  urlKey,
} from '../../src/crawl/url.js';

const u = (s: string) => new URL(s);

describe('crawl url rules', () => {
  it('normalises: fragments and credentials dropped, relative links resolved, non-http refused', () => {
    assert.equal(normalizeUrl('HTTP://Example.COM:80/a#frag')?.href, 'http://example.com/a');
    assert.equal(normalizeUrl('https://u:p@example.com:443/x')?.href, 'https://example.com/x');
    assert.equal(normalizeUrl('../b?q=1#z', 'https://example.com/a/c/')?.href, 'https://example.com/a/b?q=1');
    assert.equal(normalizeUrl('mailto:a@example.com'), null);
    assert.equal(normalizeUrl('javascript:void(0)'), null);
    assert.equal(normalizeUrl('http://'), null);
    // The forms a fragment or credentials can hide in: empty, or one without the other.
    assert.equal(normalizeUrl('/a#', 'https://example.com/')?.href, 'https://example.com/a');
    assert.equal(normalizeUrl('https://:p@example.com/x#')?.href, 'https://example.com/x');
    assert.equal(normalizeUrl('https://u@example.com/x?q#f')?.href, 'https://example.com/x?q');
  });

  it('keys similar URLs alike by default: www, scheme, index files, trailing slash, query order', () => {
    const key = (s: string) => urlKey(u(s));
    const same = [
      'https://www.example.com/docs/',
      'http://example.com/docs',
      'https://example.com/docs/index.html',
      'https://example.com/docs/index.php',
      'https://example.com:443/docs',
    ];
    for (const s of same) assert.equal(key(s), key(same[0]!), s);
    assert.equal(key('https://example.com/?b=2&a=1'), key('https://example.com/?a=1&b=2'));
    assert.notEqual(key('https://example.com/?a=1'), key('https://example.com/?a=2'));
    assert.notEqual(key('https://example.com/docs'), key('https://example.com/doc'));
    assert.notEqual(key('https://example.com:8080/'), key('https://example.com/'));
  });

  it('keeps the differences when deduplicateSimilarURLs is false', () => {
    const key = (s: string) => urlKey(u(s), { deduplicateSimilarURLs: false });
    assert.notEqual(key('https://www.example.com/a'), key('https://example.com/a'));
    assert.notEqual(key('http://example.com/a'), key('https://example.com/a'));
    assert.notEqual(key('https://example.com/a/'), key('https://example.com/a'));
    assert.equal(key('https://example.com/a?y=1&x=2'), key('https://example.com/a?x=2&y=1'));
  });

  it('ignoreQueryParameters folds query variants together', () => {
    const key = (s: string) => urlKey(u(s), { ignoreQueryParameters: true });
    assert.equal(key('https://example.com/p?page=2'), key('https://example.com/p'));
  });

  it('tells same site, subdomains and bare homepages apart', () => {
    const start = u('https://www.example.com/docs');
    assert.ok(isSameSite(u('https://example.com/x'), start));
    assert.ok(!isSameSite(u('https://docs.example.com/x'), start));
    assert.ok(isSubdomainOf(u('https://docs.example.com/x'), start));
    assert.ok(isSubdomainOf(u('https://a.b.example.com/'), start));
    assert.ok(!isSubdomainOf(u('https://example.com/'), start));
    assert.ok(!isSubdomainOf(u('https://badexample.com/'), start));
    assert.ok(!isSubdomainOf(u('https://example.com.evil.net/'), start));
    assert.ok(isSubdomainOf(u('http://app.localhost:3000/'), u('http://localhost:3000/')));
    assert.ok(isBareHomepage(u('https://other.example/')));
    assert.ok(!isBareHomepage(u('https://other.example/page')));
    assert.ok(!isBareHomepage(u('https://other.example/?q=1')));
  });

  it('child-of-start-path: children only, not siblings with a common prefix', () => {
    const start = u('https://example.com/features/a');
    assert.ok(isChildPath(u('https://example.com/features/a'), start));
    assert.ok(isChildPath(u('https://example.com/features/a/b'), start));
    assert.ok(!isChildPath(u('https://example.com/features/ab'), start));
    assert.ok(!isChildPath(u('https://example.com/features'), start));
    assert.ok(isChildPath(u('https://example.com/anything'), u('https://example.com/')));
    assert.ok(isChildPath(u('https://example.com/docs/x'), u('https://example.com/docs/index.html')));
  });

  it('include/exclude: unanchored, exclusion wins, path or full URL', () => {
    const f = pathFilter({ includePaths: ['blog/.*'], excludePaths: ['draft'] });
    assert.ok(f(u('https://example.com/blog/post-1')));
    assert.ok(!f(u('https://example.com/blog/draft-2')));
    assert.ok(!f(u('https://example.com/about')));
    assert.ok(!f(u('https://example.com/about?blog/x')), 'the query is not part of the path');
    const full = pathFilter({ includePaths: ['^https://example\\.com/.*\\?lang=en'], regexOnFullURL: true });
    assert.ok(full(u('https://example.com/a?lang=en')));
    assert.ok(!full(u('https://example.com/a?lang=de')));
    assert.ok(pathFilter({})(u('https://example.com/anything')));
  });
});
