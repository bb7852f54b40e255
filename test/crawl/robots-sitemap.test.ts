import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { fetchRobots, parseRobots } from '../../src/crawl/robots.js';
import { parseSitemap, sitemapEntries, sitemapRoots } from '../../src/crawl/sitemap.js';
import { createEgress, type Egress } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

const urlset = (urls: string[], lastmod?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('')}</urlset>`;
const index = (urls: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<sitemap><loc>${u}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

describe('robots.txt', () => {
  it('evaluates rules, Crawl-delay and Sitemap lines for the user agent', () => {
    const body = [
      'User-agent: *',
      'Disallow: /private',
      'Crawl-delay: 2',
      '',
      'User-agent: OtherBot',
      'Disallow: /',
      'Crawl-delay: 7',
      'Sitemap: https://example.com/sm.xml',
    ].join('\n');
    const robots = parseRobots('https://example.com/robots.txt', body);
    assert.equal(robots.isAllowed('https://example.com/public'), true);
    assert.equal(robots.isAllowed('https://example.com/private/x'), false);
    assert.equal(robots.crawlDelay, 2);
    assert.deepEqual(robots.sitemaps, ['https://example.com/sm.xml']);
    assert.equal(robots.isAllowed('https://elsewhere.example/private'), true, 'another origin is not judged');
    const other = parseRobots('https://example.com/robots.txt', body, 'OtherBot/2.0');
    assert.equal(other.isAllowed('https://example.com/public'), false);
    assert.equal(other.crawlDelay, 7);
  });

  describe('fetched through the egress client', () => {
    let site: Site;
    let egress: Egress;
    before(async () => {
      site = await startSite({ '/robots.txt': { text: 'User-agent: TrawlBot\nDisallow: /no\n' } });
      egress = createEgress({ allowPrivateNetwork: true });
    });
    after(async () => {
      await egress.close();
      await site.close();
    });

    it("applies Trawl's group with Trawl's user agent, and sends it", async () => {
      const robots = await fetchRobots(egress, site.url('/anything'));
      assert.equal(robots.isAllowed(site.url('/no/x')), false);
      assert.equal(robots.isAllowed(site.url('/yes')), true);
      assert.match(String(site.requests.at(-1)!.headers['user-agent']), /^TrawlBot/);
    });

    it('a custom robotsUserAgent is sent and evaluated', async () => {
      const robots = await fetchRobots(egress, site.origin, { userAgent: 'SomeoneElse/1.0' });
      assert.equal(robots.isAllowed(site.url('/no/x')), true);
      assert.equal(site.requests.at(-1)!.headers['user-agent'], 'SomeoneElse/1.0');
    });

    it('missing or failing robots.txt allows everything', async () => {
      site.set('/robots.txt', { status: 404, text: 'nope' });
      assert.equal((await fetchRobots(egress, site.origin)).isAllowed(site.url('/no/x')), true);
      site.set('/robots.txt', { status: 503, text: 'down' });
      assert.equal((await fetchRobots(egress, site.origin)).isAllowed(site.url('/no/x')), true);
      const closed = await startSite();
      const origin = closed.origin;
      await closed.close();
      assert.equal((await fetchRobots(egress, origin)).isAllowed(`${origin}/x`), true);
    });
  });
});

describe('sitemaps', () => {
  it('parses urlsets with lastmod, indexes, gzip by magic bytes and plain-text lists', () => {
    const plain = parseSitemap(Buffer.from(urlset(['https://e.com/a', 'https://e.com/b'], '2024-01-02')));
    assert.deepEqual(plain.urls, [
      { url: 'https://e.com/a', lastmod: '2024-01-02' },
      { url: 'https://e.com/b', lastmod: '2024-01-02' },
    ]);
    assert.deepEqual(parseSitemap(gzipSync(urlset(['https://e.com/z']))).urls, [{ url: 'https://e.com/z' }]);
    assert.deepEqual(parseSitemap(Buffer.from(index(['https://e.com/s1.xml']))).sitemaps, [
      { url: 'https://e.com/s1.xml' },
    ]);
    assert.deepEqual(parseSitemap(Buffer.from('https://e.com/1\nhttps://e.com/2\n')).urls.length, 2);
    assert.deepEqual(parseSitemap(Buffer.from('<html><body>not a sitemap')), { urls: [], sitemaps: [] });
    assert.deepEqual(parseSitemap(Buffer.from([0x1f, 0x8b, 1, 2, 3])), { urls: [], sitemaps: [] });
  });

  it('roots come from robots Sitemap lines, else /sitemap.xml', () => {
    assert.deepEqual(sitemapRoots('https://e.com/x/y', { sitemaps: [] }), ['https://e.com/sitemap.xml']);
    assert.deepEqual(sitemapRoots('https://e.com/', { sitemaps: ['https://e.com/a.xml', 'https://e.com/a.xml'] }), [
      'https://e.com/a.xml',
    ]);
  });

  describe('fetched', () => {
    let site: Site;
    let egress: Egress;
    before(async () => {
      site = await startSite();
      const u = (p: string) => site.url(p);
      site.set('/sitemap.xml', { body: index([u('/sm-a.xml'), u('/sm-b.xml.gz'), u('/sm-nested.xml'), u('/sm-404.xml')]), type: 'application/xml' });
      site.set('/sm-a.xml', { body: urlset([u('/a1'), u('/a2')], '2025-05-05'), type: 'application/xml' });
      // A gzipped file served as bytes, not Content-Encoding: only the magic bytes tell.
      site.set('/sm-b.xml.gz', { body: gzipSync(urlset([u('/b1')])), type: 'application/octet-stream' });
      site.set('/sm-nested.xml', { body: index([u('/sm-a.xml'), u('/sm-c.xml')]), type: 'application/xml' });
      site.set('/sm-c.xml', { body: urlset([u('/c1')]), type: 'application/xml' });
      site.set('/sm-404.xml', { status: 404, text: 'no' });
      egress = createEgress({ allowPrivateNetwork: true });
    });
    after(async () => {
      await egress.close();
      await site.close();
    });

    it('follows indexes recursively, each file once, gzip included', async () => {
      const got = [];
      for await (const e of sitemapEntries(egress, [site.url('/sitemap.xml')])) got.push(e);
      assert.deepEqual(
        got.map((e) => new URL(e.url).pathname),
        ['/a1', '/a2', '/b1', '/c1'],
      );
      assert.equal(got[0]!.lastmod, '2025-05-05');
      assert.equal(site.requests.filter((r) => r.path === '/sm-a.xml').length, 1);
    });

    it('caps URLs, files and nesting', async () => {
      const take = async (opts: Parameters<typeof sitemapEntries>[2]) => {
        const got = [];
        for await (const e of sitemapEntries(egress, [site.url('/sitemap.xml')], opts)) got.push(new URL(e.url).pathname);
        return got;
      };
      assert.deepEqual(await take({ maxUrls: 3 }), ['/a1', '/a2', '/b1']);
      assert.deepEqual(await take({ maxSitemaps: 2 }), ['/a1', '/a2']);
      assert.deepEqual(await take({ maxDepth: 1 }), ['/a1', '/a2', '/b1']);
    });
  });
});
