import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const GUIDE = `<!doctype html><html><head><title>Webhooks guide</title></head><body><main><h1>Webhooks guide</h1>
<p>Trawl posts crawl events to your endpoint as they happen.</p>
<p>Each webhook request is signed with a secret, so you can verify its signature before trusting it.</p>
<p>Our office dog is called Biscuit.</p></main></body></html>`;

describe('search highlights', () => {
  let site: Site;
  let searx: Site;
  let s: TestServer;
  let fc: Firecrawl;
  before(async () => {
    site = await startSite({ '/webhooks': { html: GUIDE } });
    const hit = { url: site.url('/webhooks'), title: 'Webhooks guide (SERP)', content: 'Plain SERP description' };
    searx = await startSite({
      '/search': (req, res) => {
        const q = new URL(req.url!, 'http://x').searchParams;
        const results = q.get('pageno') !== '1' ? [] : q.get('categories') === 'news' ? [{ ...hit, content: 'Plain news snippet' }] : [hit];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q.get('q'), results }));
      },
    });
    s = await startTestServer({ TRAWL_SEARXNG_URL: searx.origin });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
    await searx.close();
  });

  test("by default a scraped result's description and snippet become the passages about the query", async () => {
    const res = await fc.search('webhook signature verify', { sources: ['web', 'news'], scrapeOptions: { formats: ['markdown'] } });
    const web = (res.web as { description: string; markdown: string }[])[0]!;
    assert.equal(web.description, 'Each webhook request is signed with a secret, so you can verify its signature before trusting it.');
    assert.match(web.markdown, /Biscuit/, 'the scraped content itself is untouched');
    assert.equal((res.news as { snippet: string }[])[0]!.snippet, web.description);
  });

  test('highlights: false keeps the plain description; without page content it is kept too', async () => {
    const off = await s.api('POST', '/v2/search', { query: 'webhook signature', highlights: false, scrapeOptions: { formats: ['markdown'] } });
    assert.equal(off.body.data.web[0].description, 'Plain SERP description');
    const unscraped = await fc.search('webhook signature');
    assert.equal((unscraped.web as { description: string }[])[0]!.description, 'Plain SERP description');
  });
});
