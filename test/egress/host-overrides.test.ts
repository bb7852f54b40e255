import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEgress } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * TRAWL_RESOLVE belongs to the Trawl it configures, not to the process: two servers
 * (or two clients) in one process may pin the same name to different addresses.
 * Two sites on one port, one on 127.0.0.1 and one on 127.0.0.2, tell them apart.
 */
describe('names pinned before DNS (TRAWL_RESOLVE)', () => {
  let first: Site;
  let second: Site;

  before(async () => {
    first = await startSite({ '/': { html: '<html><head><title>First</title></head><body><h1>The first shop</h1></body></html>' } });
    second = await startSite(
      { '/': { html: '<html><head><title>Second</title></head><body><h1>The second shop</h1></body></html>' } },
      { host: '127.0.0.2', port: first.port },
    );
  });
  after(async () => {
    await first?.close();
    await second?.close();
  });

  test('each egress client resolves a name where its own rules pin it', async () => {
    const toFirst = createEgress({ allowPrivateNetwork: true, hostOverrides: [{ pattern: '*.shop.test', address: '127.0.0.1' }] });
    const toSecond = createEgress({ allowPrivateNetwork: true, hostOverrides: [{ pattern: 'www.shop.test', address: '127.0.0.2' }] });
    try {
      const url = `http://www.shop.test:${first.port}/`;
      assert.match((await toFirst.fetch(url)).body.toString(), /The first shop/);
      assert.match((await toSecond.fetch(url)).body.toString(), /The second shop/);
    } finally {
      await toFirst.close();
      await toSecond.close();
    }
  });

  describe('two Trawls in one process', () => {
    let a: TestServer;
    let b: TestServer;
    before(async () => {
      a = await startTestServer({ TRAWL_RESOLVE: 'shop.test=127.0.0.1' });
      b = await startTestServer({ TRAWL_RESOLVE: 'shop.test=127.0.0.2' });
    });
    after(async () => {
      await a?.close();
      await b?.close();
    });

    test('each scrapes the shop its own TRAWL_RESOLVE names', async () => {
      const url = `http://shop.test:${first.port}/`;
      const fromA = await a.api('POST', '/v2/scrape', { url, formats: ['markdown'] });
      const fromB = await b.api('POST', '/v2/scrape', { url, formats: ['markdown'] });
      assert.equal(fromA.status, 200, JSON.stringify(fromA.body));
      assert.equal(fromB.status, 200, JSON.stringify(fromB.body));
      assert.match(fromA.body.data.markdown, /The first shop/);
      assert.match(fromB.body.data.markdown, /The second shop/);
    });
  });
});
