import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startForwardProxy, type ForwardProxy } from '../egress/forward-proxy.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Operator proxies (§2.1 `proxy`, §2.6.1 `proxyUsed`): two recording forward proxies on
// 127.0.0.1 play the basic and enhanced tiers. Nothing leaves the loopback.

const PAGE = '<!doctype html><html><head><title>Proxied</title></head><body><h1>Proxied page</h1></body></html>';

/** A port nothing listens on, for a basic proxy that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('scrape through operator-configured proxies', () => {
  let site: Site;
  let basic: ForwardProxy;
  let enhanced: ForwardProxy;
  let s: TestServer;
  let fc: Firecrawl;
  let guardedHits = 0;

  before(async () => {
    site = await startSite({
      '/page': { html: PAGE },
      '/secure': { html: PAGE },
      '/forbidden': { status: 403, html: '<p>go away</p>' },
      // Blocks the first visitor only, as a site blocking the basic tier's exit would.
      '/guarded': (_req, res) => {
        guardedHits++;
        res.writeHead(guardedHits === 1 ? 403 : 200, { 'content-type': 'text/html' });
        res.end(guardedHits === 1 ? '<p>blocked</p>' : PAGE);
      },
    });
    basic = await startForwardProxy({ credentials: 'basic-user:basic%20pass' });
    enhanced = await startForwardProxy();
    s = await startTestServer({ TRAWL_PROXY_URL: basic.url, TRAWL_ENHANCED_PROXY_URL: enhanced.url });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await Promise.all([site.close(), basic.close(), enhanced.close()]);
  });

  const counts = () => ({ site: site.requests.length, basic: basic.carried.length, enhanced: enhanced.carried.length });

  test('with TRAWL_PROXY_URL, every request of a plain scrape goes through the basic proxy', async () => {
    const before = counts();
    const doc = await fc.scrape(site.url('/page'), { formats: ['markdown'], maxAge: 0 });
    assert.match(doc.markdown!, /# Proxied page/);
    assert.equal(doc.metadata?.proxyUsed, 'basic');
    const reached = site.requests.length - before.site;
    assert.ok(reached >= 1);
    assert.deepEqual(
      basic.carried.slice(before.basic).map((c) => c.target),
      site.requests.slice(before.site).map((r) => site.url(r.path)),
      'the site saw exactly what the proxy carried',
    );
    const auth = `Basic ${Buffer.from('basic-user:basic pass').toString('base64')}`;
    assert.ok(basic.carried.every((c) => c.proxyAuthorization === auth));
    assert.equal(enhanced.carried.length, before.enhanced);
  });

  test('browser renders go through the basic proxy too', async () => {
    const before = counts();
    const doc = await fc.scrape(site.url('/page'), { formats: ['markdown'], waitFor: 50, maxAge: 0 });
    assert.equal(doc.metadata?.engine, 'browser');
    assert.equal(doc.metadata?.proxyUsed, 'basic');
    const carried = basic.carried.slice(before.basic).map((c) => c.target);
    assert.ok(carried.includes(site.url('/page')), JSON.stringify(carried));
    assert.equal(site.requests.length - before.site, carried.length, 'nothing reached the site around the proxy');
    assert.equal(enhanced.carried.length, before.enhanced);
  });

  test('proxy "enhanced" (and its alias "stealth") uses the enhanced proxy and reports proxyUsed "stealth"', async () => {
    for (const proxy of ['enhanced', 'stealth'] as const) {
      const before = counts();
      const doc = await fc.scrape(site.url('/page'), { proxy, maxAge: 0 });
      assert.equal(doc.metadata?.proxyUsed, 'stealth');
      assert.equal(doc.warning, undefined);
      assert.deepEqual(enhanced.carried.slice(before.enhanced).map((c) => c.target), [site.url('/page')]);
      assert.equal(basic.carried.length, before.basic);
    }
  });

  test('"auto" retries through the enhanced proxy after a 403 and reports it', async () => {
    const before = counts();
    const res = await s.api('POST', '/v2/scrape', { url: site.url('/guarded'), maxAge: 0 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.metadata.statusCode, 200);
    assert.equal(res.body.data.metadata.proxyUsed, 'stealth');
    assert.match(res.body.data.markdown, /# Proxied page/);
    assert.deepEqual(basic.carried.slice(before.basic).map((c) => c.target), [site.url('/guarded')]);
    assert.deepEqual(enhanced.carried.slice(before.enhanced).map((c) => c.target), [site.url('/guarded')]);
  });

  test('"basic" never retries; a page blocking both tiers stays as the enhanced tier saw it', async () => {
    let before = counts();
    const plain = await s.api('POST', '/v2/scrape', { url: site.url('/forbidden'), proxy: 'basic', maxAge: 0 });
    assert.equal(plain.body.data.metadata.statusCode, 403);
    assert.equal(plain.body.data.metadata.proxyUsed, 'basic');
    assert.equal(enhanced.carried.length, before.enhanced);

    before = counts();
    const auto = await s.api('POST', '/v2/scrape', { url: site.url('/forbidden'), maxAge: 0 });
    assert.equal(auto.body.data.metadata.statusCode, 403);
    assert.equal(auto.body.data.metadata.proxyUsed, 'stealth');
    assert.equal(basic.carried.length - before.basic, 1);
    assert.equal(enhanced.carried.length - before.enhanced, 1);
  });

  test('"auto" falls over to the enhanced proxy when the basic one is down', async () => {
    const down = await startTestServer({ TRAWL_PROXY_URL: `http://127.0.0.1:${await closedPort()}`, TRAWL_ENHANCED_PROXY_URL: enhanced.url });
    try {
      const before = counts();
      const res = await down.api('POST', '/v2/scrape', { url: site.url('/page'), maxAge: 0 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.metadata.proxyUsed, 'stealth');
      assert.equal(enhanced.carried.length - before.enhanced, 1);

      const pinned = await down.api('POST', '/v2/scrape', { url: site.url('/page'), proxy: 'basic', maxAge: 0 });
      assert.equal(pinned.status, 500, JSON.stringify(pinned.body));
      assert.equal(pinned.body.code, 'SCRAPE_SITE_ERROR');
      assert.match(pinned.body.error, /proxy/);
    } finally {
      await down.close();
    }
  });

  test('without an enhanced proxy, "enhanced" goes through the basic tier with a warning', async () => {
    const only = await startTestServer({ TRAWL_PROXY_URL: basic.url });
    try {
      const before = counts();
      const res = await only.api('POST', '/v2/scrape', { url: site.url('/page'), proxy: 'enhanced', maxAge: 0 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.metadata.proxyUsed, 'basic');
      assert.match(res.body.data.warning, /No enhanced proxy is configured on this server; the page was fetched through the basic proxy/);
      assert.equal(basic.carried.length - before.basic, 1);
      assert.equal(enhanced.carried.length, before.enhanced);
    } finally {
      await only.close();
    }
  });

  test('a private target is refused even through a proxy; the proxy itself may be private', async () => {
    // The URL policy is process-wide; allowing a CIDR keeps IP-literal URLs valid, so the
    // refusal below comes from the egress guard, not from request validation.
    const outside = await startSite({ '/page': { html: PAGE } }, { host: '127.0.0.2' });
    const strict = await startTestServer({
      TRAWL_ALLOW_PRIVATE_NETWORK: 'off',
      TRAWL_EGRESS_ALLOW_CIDRS: '127.0.0.2/32',
      TRAWL_PROXY_URL: basic.url,
      TRAWL_ENHANCED_PROXY_URL: enhanced.url,
    });
    try {
      let before = counts();
      const ok = await strict.api('POST', '/v2/scrape', { url: outside.url('/page'), maxAge: 0 });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(basic.carried.length - before.basic, 1, 'the proxy on 127.0.0.1 was used although 127.0.0.1 is refused');

      for (const proxy of ['auto', 'enhanced'] as const) {
        before = counts();
        const refused = await strict.api('POST', '/v2/scrape', { url: site.url('/page'), proxy, maxAge: 0 });
        assert.equal(refused.status, 403, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'SCRAPE_BLOCKED_ADDRESS');
        assert.match(refused.body.error, /loopback address \(127\.0\.0\.1\)/);
        assert.deepEqual(counts(), before, 'neither proxy nor site saw the refused request');
      }
    } finally {
      await strict.close();
      await outside.close();
    }
  });
});

describe('proxy configuration', () => {
  test('both tiers are read from the environment', () => {
    const c = loadConfig({ TRAWL_PROXY_URL: 'http://u:p@10.0.0.5:3128', TRAWL_ENHANCED_PROXY_URL: 'https://proxy.example:8443' });
    assert.equal(c.proxyUrl, 'http://u:p@10.0.0.5:3128');
    assert.equal(c.enhancedProxyUrl, 'https://proxy.example:8443');
    assert.equal(loadConfig({}).proxyUrl, undefined);
  });

  test('bad proxy URLs stop the start with one clear message each, without echoing credentials', () => {
    try {
      loadConfig({ TRAWL_PROXY_URL: 'socks5://user:hunter2@proxy:1080', TRAWL_ENHANCED_PROXY_URL: 'proxy.example:8080' });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.problems, [
        'TRAWL_PROXY_URL must use http:// or https://, not socks5://',
        'TRAWL_ENHANCED_PROXY_URL must use http:// or https://, not proxy.example://',
      ]);
      assert.doesNotMatch(err.message, /hunter2/);
    }
  });
});
