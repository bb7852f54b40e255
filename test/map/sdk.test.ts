import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('map through the official JS SDK', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;

  before(async () => {
    s = await startTestServer();
    site = await startSite({
      '/': { html: '<title>Home</title><a href="/pricing">Pricing</a> <a href="/blog">Blog</a>' },
      '/pricing': { html: '<title>Plans and pricing</title><a href="/">Home</a>' },
      '/blog': { html: '<title>Blog</title><a href="/blog/hello">Hello</a>' },
      '/slow': { html: '<title>Slow</title>', delayMs: 3000 },
    });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('map() returns link objects with url and title, ranked by search, cut by limit', async () => {
    const all = await fc.map(site.url('/'));
    assert.equal(typeof all.id, 'string');
    assert.deepEqual(
      all.links.map((l) => l.url).sort(),
      ['/', '/blog', '/blog/hello', '/pricing'].map((p) => site.url(p)).sort(),
    );
    assert.equal(all.links.find((l) => l.url === site.url('/pricing'))?.title, 'Plans and pricing');

    const ranked = await fc.map(site.url('/'), { search: 'pricing', limit: 2, sitemap: 'skip', includeSubdomains: false });
    assert.equal(ranked.links.length, 2);
    assert.equal(ranked.links[0]!.url, site.url('/pricing'));
  });

  test('a map timeout surfaces as an SdkError with status 408 and code MAP_TIMEOUT', async () => {
    await assert.rejects(fc.map(site.url('/slow'), { timeout: 300, sitemap: 'skip' }), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.status, 408);
      assert.equal(err.code, 'MAP_TIMEOUT');
      return true;
    });
  });
});
