import assert from 'node:assert/strict';
import { closedPort } from './helpers.js';
import { after, before, describe, test } from 'node:test';
import { makeDocx } from '../../../test/fixtures/documents/index.js';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { BadRequestError, ConnectionError, NotFoundError, Trawl, TrawlError, UnauthorizedError } from '../src/index.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="About ${title}"></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

describe('@trawl/sdk: scrape, search, map, parse', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    site = await startSite({
      '/': { html: page('Harbour home', '<p>Welcome.</p><a href="/boats">Boats</a> <a href="/nets">Nets</a>') },
      '/boats': { html: page('Boats', '<p>Trawlers and drifters haul nets at dawn.</p>') },
      '/nets': { html: page('Nets', '<p>Mending nets by hand.</p>') },
      '/gone': { status: 404, html: page('Gone', '<p>Nothing here</p>') },
    });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('scrape() answers the document with the formats asked for', async () => {
    const doc = await trawl.scrape(site.url('/boats'), { formats: ['markdown', 'links'], maxAge: 0 });
    assert.match(doc.markdown!, /# Boats[\s\S]*Trawlers and drifters/);
    assert.deepEqual(doc.links, []);
    assert.equal(doc.metadata.statusCode, 200);
    assert.equal(doc.metadata.title, 'Boats');
    assert.match(doc.metadata.scrapeId!, /^[0-9a-f-]{36}$/);
    assert.equal(doc.html, undefined, 'formats not asked for are absent');
  });

  test('a page that answers 404 is a document, not an error', async () => {
    const doc = await trawl.scrape(site.url('/gone'));
    assert.equal(doc.metadata.statusCode, 404);
  });

  test('search() finds pages scraped before, with their fields', async () => {
    await trawl.scrape(site.url('/nets'), { maxAge: 0 });
    const found = await trawl.search('trawlers drifters', { limit: 5 });
    assert.ok(found.web && found.web.length >= 1, JSON.stringify(found));
    assert.equal(found.web[0]!.url, site.url('/boats'));
    assert.equal(found.web[0]!.title, 'Boats');
    assert.equal(found.news, undefined, 'only the groups asked for');
  });

  test('map() lists the site’s URLs', async () => {
    const m = await trawl.map(site.url('/'), { sitemap: 'skip' });
    const urls = m.links.map((l) => l.url).sort();
    assert.ok(urls.includes(site.url('/boats')), JSON.stringify(urls));
    assert.ok(urls.includes(site.url('/nets')), JSON.stringify(urls));
  });

  test('parse() converts an uploaded file, from bytes or from text', async () => {
    const docx = await trawl.parse({ data: await makeDocx(), filename: 'report.docx' });
    assert.match(docx.markdown!, /# Annual Report/);
    assert.match(docx.metadata.contentType!, /wordprocessingml\.document$/);

    const html = await trawl.parse({ data: page('Uploaded', '<p>From a string.</p>'), filename: 'page.html', contentType: 'text/html' }, { formats: ['markdown', 'html'] });
    assert.match(html.markdown!, /# Uploaded[\s\S]*From a string\./);
    assert.match(html.html!, /<h1>Uploaded<\/h1>/);
  });

  test('errors are typed and carry status, code and details', async () => {
    const bad = await trawl.scrape('not a url at all ::', {}).then(() => undefined, (e: unknown) => e);
    assert.ok(bad instanceof BadRequestError, String(bad));
    assert.equal(bad.status, 400);
    assert.equal(bad.code, 'BAD_REQUEST');
    assert.ok(Array.isArray(bad.details) && bad.details.length > 0, JSON.stringify(bad.details));
    const twice = await trawl.scrape('ftp://example.com/file', { timeout: -5 }).then(() => undefined, (e: unknown) => e);
    assert.ok(twice instanceof BadRequestError, String(twice));
    // Every reason reaches the message, not only the first one the server put in `error`.
    assert.match(twice.message, /^Bad Request: .*URL uses unsupported protocol/, twice.message);
    assert.match(twice.message, /timeout: /, twice.message);

    const stranger = new Trawl({ apiUrl: s.url, apiKey: 'fc-ffffffffffffffffffffffffffffffff' });
    const unauth = await stranger.scrape(site.url('/boats')).then(() => undefined, (e: unknown) => e);
    assert.ok(unauth instanceof UnauthorizedError);
    assert.equal(unauth.status, 401);
    assert.equal(unauth.message, 'Unauthorized: Invalid token');

    const missing = await trawl.getCrawlStatus('00000000-0000-4000-8000-000000000000').then(() => undefined, (e: unknown) => e);
    assert.ok(missing instanceof NotFoundError);
    assert.ok(missing instanceof TrawlError);
    assert.equal(missing.status, 404);
  });

  test('an unreachable server is a ConnectionError naming the address', async () => {
    const port = await closedPort();
    const nowhere = new Trawl({ apiUrl: `http://127.0.0.1:${port}`, apiKey: s.key });
    const err = await nowhere.getConcurrency().then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof ConnectionError, String(err));
    assert.equal(err.status, 0);
    assert.equal(err.message, `Cannot reach Trawl at http://127.0.0.1:${port} (ECONNREFUSED)`);
  });

  test('the key and URL come from TRAWL_API_URL / TRAWL_API_KEY when not given', async () => {
    const saved = { url: process.env.TRAWL_API_URL, key: process.env.TRAWL_API_KEY };
    process.env.TRAWL_API_URL = s.url;
    process.env.TRAWL_API_KEY = s.key;
    try {
      const c = await new Trawl().getConcurrency();
      assert.equal(typeof c.maxConcurrency, 'number');
    } finally {
      for (const [k, v] of [['TRAWL_API_URL', saved.url], ['TRAWL_API_KEY', saved.key]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
