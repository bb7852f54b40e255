import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const page = (title: string, links: string[], description?: string) => ({
  html: `<html><head><title>${title}</title>${description ? `<meta name="description" content="${description}">` : ''}</head><body>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</body></html>`,
});
const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc></url>`)
    .join('')}</urlset>`;

describe('POST /v2/map', () => {
  let s: TestServer;
  /** A site with robots.txt → sitemap index → a plain and a gzipped sitemap. */
  let withSitemap: Site;
  /** A site without robots.txt or sitemap, mapped by following its links. */
  let bare: Site;
  let other: Site;

  before(async () => {
    s = await startTestServer();
    other = await startSite({ '/': page('Elsewhere', []) }, { host: '127.0.0.2' });
    withSitemap = await startSite();
    const u = (p: string) => withSitemap.url(p);
    withSitemap.set('/robots.txt', { text: `User-agent: *\nAllow: /\nSitemap: ${u('/sitemap_index.xml')}\n` });
    withSitemap.set('/sitemap_index.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${u('/sitemap-blog.xml')}</loc></sitemap><sitemap><loc>${u('/sitemap-pages.xml.gz')}</loc></sitemap></sitemapindex>`,
    });
    withSitemap.set('/sitemap-blog.xml', { type: 'application/xml', body: urlset([u('/blog/launch-week'), u('/blog/pricing-update'), u('/blog/')]) });
    withSitemap.set('/sitemap-pages.xml.gz', {
      type: 'application/gzip',
      body: zlib.gzipSync(urlset([u('/pricing'), u('/about'), u('/docs/start?ref=sitemap')])),
    });
    withSitemap.set(
      '/',
      page('Home', ['/about#team', '/contact?utm=1', '/contact?utm=2', 'mailto:hi@example.com', other.url('/'), 'https://example.org/x', '/blog/launch-week']),
    );

    bare = await startSite();
    bare.set('/', page('Bare home', ['/products', '/about']));
    bare.set('/products', page('Products', ['/products/anvil', '/products/rocket'], 'Everything we sell'));
    bare.set('/about', page('About us', ['/about/team']));
    bare.set('/products/anvil', page('Anvil', ['/products/anvil/specs']));
    bare.set('/products/rocket', page('Rocket skates', []));
    bare.set('/about/team', page('Team', []));
  });
  after(async () => {
    await s.close();
    await Promise.all([withSitemap.close(), bare.close(), other.close()]);
  });

  const map = (body: Record<string, unknown>) => s.api('POST', '/v2/map', body);
  const urls = (r: { body: { links: Array<{ url: string }> } }) => r.body.links.map((l) => l.url);

  test('sitemap URLs (through an index, gzipped or not) and the start page links, in scope, normalised, de-duplicated', async () => {
    const r = await map({ url: withSitemap.url('/') });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(typeof r.body.id, 'string');
    const u = (p: string) => withSitemap.url(p);
    assert.deepEqual(urls(r), [
      u('/'),
      u('/blog/launch-week'),
      u('/blog/pricing-update'),
      u('/blog/'),
      u('/pricing'),
      u('/about'),
      u('/docs/start'),
      u('/contact'),
    ]);
    assert.equal(r.body.links[0].title, 'Home', 'the start page was fetched: its title is known');
    assert.equal(r.body.links[1].title, undefined, 'sitemap-only pages were not fetched');
  });

  test('ignoreQueryParameters: false keeps query strings, each variant once', async () => {
    const r = await map({ url: withSitemap.url('/'), ignoreQueryParameters: false, sitemap: 'skip' });
    assert.deepEqual(urls(r).filter((x) => x.includes('contact')), [withSitemap.url('/contact?utm=1'), withSitemap.url('/contact?utm=2')]);
  });

  test('sitemap: "only" returns the sitemap URLs and does not fetch the start page', async () => {
    const seen = withSitemap.requests.length;
    const r = await map({ url: withSitemap.url('/'), sitemap: 'only' });
    assert.equal(r.status, 200);
    assert.equal(urls(r).length, 6);
    assert.ok(!urls(r).includes(withSitemap.url('/contact')));
    assert.ok(!withSitemap.requests.slice(seen).some((q) => q.path === '/'), 'no GET /');
  });

  test('sitemap: "skip" reads no sitemap and falls back to following links', async () => {
    const seen = withSitemap.requests.length;
    const r = await map({ url: withSitemap.url('/'), sitemap: 'skip' });
    assert.equal(r.status, 200);
    assert.ok(!withSitemap.requests.slice(seen).some((q) => q.path.includes('sitemap')));
    assert.ok(urls(r).includes(withSitemap.url('/contact')));
    assert.ok(!urls(r).includes(withSitemap.url('/pricing')), 'only in the sitemap');
  });

  test('a site without a sitemap is mapped by a short crawl, with the titles of the pages it fetched', async () => {
    const r = await map({ url: bare.url('/') });
    assert.equal(r.status, 200);
    const b = (p: string) => bare.url(p);
    assert.deepEqual(new Set(urls(r)), new Set(['/', '/products', '/about', '/products/anvil', '/products/rocket', '/about/team', '/products/anvil/specs'].map(b)));
    const products = r.body.links.find((l: { url: string }) => l.url === b('/products'));
    assert.deepEqual(products, { url: b('/products'), title: 'Products', description: 'Everything we sell' });
  });

  test('a start URL with a path keeps only links under it, unless filterByPath is false', async () => {
    const r = await map({ url: bare.url('/products') });
    assert.deepEqual(new Set(urls(r)), new Set(['/products', '/products/anvil', '/products/rocket', '/products/anvil/specs'].map((p) => bare.url(p))));
    const blog = await map({ url: withSitemap.url('/blog') });
    assert.deepEqual(urls(blog), [withSitemap.url('/blog'), withSitemap.url('/blog/launch-week'), withSitemap.url('/blog/pricing-update')], '/blog/ is /blog');
    const all = await map({ url: withSitemap.url('/blog'), filterByPath: false });
    assert.ok(urls(all).includes(withSitemap.url('/pricing')));
  });

  test('search ranks relevant links first, by URL words, then title and description', async () => {
    const r = await map({ url: bare.url('/'), search: 'rocket' });
    assert.equal(urls(r)[0], bare.url('/products/rocket'));
    assert.equal(urls(r).length, 7, 'the rest follow');
    const byTitle = await map({ url: bare.url('/'), search: 'skates' });
    assert.equal(urls(byTitle)[0], bare.url('/products/rocket'));
    const byDescription = await map({ url: bare.url('/'), search: 'sell' });
    assert.equal(urls(byDescription)[0], bare.url('/products'));
    const twoWords = await map({ url: withSitemap.url('/'), search: 'pricing update' });
    assert.equal(urls(twoWords)[0], withSitemap.url('/blog/pricing-update'));
    assert.equal(urls(twoWords)[1], withSitemap.url('/pricing'));
  });

  test('limit cuts the list', async () => {
    const r = await map({ url: withSitemap.url('/'), limit: 3 });
    assert.deepEqual(urls(r), [withSitemap.url('/'), withSitemap.url('/blog/launch-week'), withSitemap.url('/blog/pricing-update')]);
    const bad = await map({ url: withSitemap.url('/'), limit: 100_001 });
    assert.equal(bad.status, 400);
  });

  test('timeout answers 408 MAP_TIMEOUT on time', async () => {
    const slow = await startSite({ '/': { ...page('Slow', []), delayMs: 5000 } });
    try {
      const t0 = Date.now();
      const r = await map({ url: slow.url('/'), timeout: 300, sitemap: 'skip' });
      assert.ok(Date.now() - t0 < 2000, `answered after ${Date.now() - t0} ms`);
      assert.equal(r.status, 408);
      assert.deepEqual(r.body, { success: false, code: 'MAP_TIMEOUT', error: 'Map timed out' });
    } finally {
      await slow.close();
    }
  });

  test('charges 1 credit per map, nothing for one that timed out', async () => {
    const team = (await s.trawl.store.teams.findTeamByName('default'))!;
    const month = new Date().toISOString().slice(0, 7);
    const used = () => s.trawl.store.ledger.creditsUsed(team.id, month);
    const before = await used();
    await map({ url: bare.url('/about') });
    assert.equal(await used(), before + 1);
    const slow = await startSite({ '/': { ...page('Slow', []), delayMs: 2000 } });
    try {
      assert.equal((await map({ url: slow.url('/'), timeout: 200, sitemap: 'skip' })).status, 408);
    } finally {
      await slow.close();
    }
    assert.equal(await used(), before + 1);
  });

  test('an unreachable site maps to its start URL alone', async () => {
    const gone = await startSite();
    const url = gone.url('/');
    await gone.close();
    const r = await map({ url });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.links, [{ url }]);
  });
});
