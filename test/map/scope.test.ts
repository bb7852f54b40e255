import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapScope, registrableDomain } from '../../src/map/scope.js';

describe('map scope (§6.2)', () => {
  test('registrable domains, ccTLD second levels included', () => {
    assert.equal(registrableDomain('example.com'), 'example.com');
    assert.equal(registrableDomain('docs.api.example.com'), 'example.com');
    assert.equal(registrableDomain('shop.example.co.uk'), 'example.co.uk');
    assert.equal(registrableDomain('example.de'), 'example.de');
    assert.equal(registrableDomain('www.example.com.au'), 'example.com.au');
    assert.equal(registrableDomain('127.0.0.1'), '127.0.0.1');
    assert.equal(registrableDomain('localhost'), 'localhost');
  });

  const start = new URL('https://docs.example.com/');
  const check = (opts: { includeSubdomains: boolean; filterByPath: boolean }, from: URL, url: string) => mapScope(from, opts)(new URL(url));

  test('includeSubdomains: every host of the registrable domain, nothing outside it', () => {
    const on = { includeSubdomains: true, filterByPath: true };
    for (const url of ['https://docs.example.com/a', 'https://example.com/', 'https://api.example.com/x', 'http://www.example.com/y', 'https://docs.example.com:8443/z']) {
      assert.ok(check(on, start, url), url);
    }
    for (const url of ['https://example.org/', 'https://notexample.com/', 'https://example.com.evil.net/', 'https://127.0.0.1/']) {
      assert.ok(!check(on, start, url), url);
    }
  });

  test('without subdomains: the start host only, www. aside', () => {
    const off = { includeSubdomains: false, filterByPath: true };
    const www = new URL('https://www.example.com/');
    assert.ok(check(off, www, 'https://example.com/a'));
    assert.ok(check(off, www, 'http://www.example.com/b'));
    assert.ok(!check(off, www, 'https://docs.example.com/'));
    assert.ok(!check(off, start, 'https://example.com/'));
  });

  test('filterByPath keeps the start path and what is under it', () => {
    const blog = new URL('https://example.com/blog');
    const on = { includeSubdomains: true, filterByPath: true };
    assert.ok(check(on, blog, 'https://example.com/blog'));
    assert.ok(check(on, blog, 'https://example.com/blog/post'));
    assert.ok(!check(on, blog, 'https://example.com/blogger'));
    assert.ok(!check(on, blog, 'https://example.com/'));
    assert.ok(check({ ...on, filterByPath: false }, blog, 'https://example.com/'));
  });
});
