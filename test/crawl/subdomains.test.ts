import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { crawl } from './helpers.js';

/**
 * Subdomains need names: TRAWL_RESOLVE pins site.test and its subdomains to the
 * fixture server, which answers per Host header like a real virtual host.
 */
describe('allowSubdomains on named hosts', () => {
  let s: TestServer;
  let site: Site;
  const base = () => `http://site.test:${site.port}`;

  before(async () => {
    site = await startSite({
      '/': (req, res) => {
        const host = String(req.headers.host).split(':')[0];
        const port = site.port;
        res.setHeader('content-type', 'text/html');
        if (host === 'site.test') {
          res.end(`<html><body><h1>Apex</h1><a href="http://docs.site.test:${port}/">docs</a> <a href="http://elsewhere.test:${port}/">elsewhere</a></body></html>`);
        } else if (host === 'docs.site.test') {
          res.end(`<html><body><h1>Docs home</h1><a href="http://docs.site.test:${port}/guide">guide</a></body></html>`);
        } else {
          res.end(`<html><body><h1>Host ${host}</h1></body></html>`);
        }
      },
      '/guide': { html: '<html><body><h1>Docs guide</h1></body></html>' },
    });
    s = await startTestServer({ TRAWL_RESOLVE: 'site.test=127.0.0.1,*.site.test=127.0.0.1,elsewhere.test=127.0.0.1' });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('subdomain pages are crawled only when allowed; other sites never', async () => {
    const off = await crawl(s, { url: `${base()}/`, sitemap: 'skip', crawlEntireDomain: true });
    const hostsOff = (off.done.data as Array<{ metadata: { url: string } }>).map((d) => new URL(d.metadata.url).hostname);
    assert.deepEqual([...new Set(hostsOff)], ['site.test']);

    const on = await crawl(s, { url: `${base()}/`, sitemap: 'skip', crawlEntireDomain: true, allowSubdomains: true });
    const urls = (on.done.data as Array<{ metadata: { url: string } }>).map((d) => new URL(d.metadata.url)).map((u) => `${u.hostname}${u.pathname}`).sort();
    assert.deepEqual(urls, ['docs.site.test/', 'docs.site.test/guide', 'site.test/']);
  });
});
