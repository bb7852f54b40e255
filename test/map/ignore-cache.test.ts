import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const html = (title: string, body: string) => ({ html: `<html><head><title>${title}</title></head><body>${body}</body></html>` });

describe('map: pages the team fetched before, and ignoreCache', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;
  before(async () => {
    // No sitemap, and nothing links to /hidden-offer: only an earlier scrape knows it.
    site = await startSite({
      '/': html('Home', '<a href="/about">About</a>'),
      '/about': html('About', '<p>About us</p>'),
      '/hidden-offer': html('Hidden offer', '<p>Only for those who know the address.</p>'),
    });
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    await fc.scrape(site.url('/hidden-offer'), { formats: ['markdown'] });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('map() lists a page the team scraped earlier though no link or sitemap leads to it', async () => {
    // The index takes fresh pages in batches a moment apart: wait for this one to land.
    let links: { url: string; title?: string }[] = [];
    for (let i = 0; i < 50 && !links.some((l) => l.url === site.url('/hidden-offer')); i++) {
      links = (await fc.map(site.url('/'))).links;
      await new Promise((r) => setTimeout(r, 100));
    }
    const hidden = links.find((l) => l.url === site.url('/hidden-offer'));
    assert.equal(hidden?.title, 'Hidden offer');
    assert.ok(links.some((l) => l.url === site.url('/about')));
  });

  test('ignoreCache: true maps the live site only', async () => {
    // The JS SDK's MapOptions has no ignoreCache (the Python SDK and the API do): sent as the wire has it.
    const res = await s.api('POST', '/v2/map', { url: site.url('/'), ignoreCache: true });
    assert.deepEqual(res.body.links.map((l: { url: string }) => l.url).sort(), [site.url('/'), site.url('/about')].sort());
  });
});
