import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { makeDocx, makePdf, SAMPLE_BLOCKS } from '../fixtures/documents/index.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Release notes</title>
<meta name="description" content="What shipped this week">
<meta property="og:title" content="Release notes OG"><link rel="icon" href="/fav.png"></head>
<body><header><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav></header>
<div class="cookie-banner">We use cookies <button>Accept</button></div>
<main><article><h1>Release 2.0</h1><p>Faster crawls and <a href="/changelog">a changelog</a>.</p>
<img src="/img/chart.png" alt="chart"><p class="note">Note: upgrade soon.</p></article></main>
<aside class="sidebar">Related posts</aside><footer>© Example Inc.</footer></body></html>`;

const SCRIPTED = `<!doctype html><html><head><title>App</title></head><body><div id="root"></div>
<script>setTimeout(() => { document.getElementById('root').innerHTML =
'<h1>Rendered later</h1><p>' + 'This text only exists after scripts ran. '.repeat(8) + '</p>'; }, 100);</script></body></html>`;

const FORM = `<!doctype html><html><head><title>Form</title></head><body>
<input id="q"><button id="go" onclick="document.getElementById('out').textContent = 'You searched: ' + document.getElementById('q').value">Go</button>
<p id="out">nothing yet</p></body></html>`;

describe('POST /v2/scrape through the official JS SDK', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;

  before(async () => {
    site = await startSite({
      '/article': { html: ARTICLE },
      '/app': { html: SCRIPTED },
      '/form': { html: FORM },
      '/missing': { status: 404, html: '<html><body><h1>Not here</h1></body></html>' },
      '/hop1': { redirect: '/hop2', status: 301 },
      '/hop2': { redirect: '/article', status: 302 },
      '/slow': { delayMs: 5000, html: '<p>late</p>' },
      '/latin1': { body: Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e</p></body></html>', 'latin1'), type: 'text/html' },
      '/report.pdf': { body: await makePdf({ title: 'Annual', pages: [SAMPLE_BLOCKS.slice(0, 4), SAMPLE_BLOCKS.slice(7)] }), type: 'application/pdf' },
      '/report.docx': {
        body: await makeDocx({ blocks: SAMPLE_BLOCKS }),
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      '/counter': (_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(`<html><body><p>Visit ${site.requests.filter((r) => r.path === '/counter').length}</p></body></html>`);
      },
    });
    s = await startTestServer({ TRAWL_API_KEYS: 'other:other-key' });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('markdown keeps the article and drops navigation, banners, sidebars and footers', async () => {
    const doc = await fc.scrape(site.url('/article'), { maxAge: 0 });
    assert.match(doc.markdown!, /^# Release 2\.0/m);
    assert.match(doc.markdown!, /\[a changelog\]\(http:\/\/127\.0\.0\.1:\d+\/changelog\)/);
    for (const junk of ['Home', 'cookies', 'Related posts', '© Example']) assert.doesNotMatch(doc.markdown!, new RegExp(junk));
    assert.equal(doc.metadata?.title, 'Release notes');
    assert.equal(doc.metadata?.description, 'What shipped this week');
    assert.equal(doc.metadata?.language, 'en');
    assert.equal(doc.metadata?.ogTitle, 'Release notes OG');
    assert.equal(doc.metadata?.statusCode, 200);
    assert.equal(doc.metadata?.sourceURL, site.url('/article'));
    assert.match(String(doc.metadata?.scrapeId), /^[0-9a-f-]{36}$/);
    assert.equal(doc.metadata?.creditsUsed, 1);
    assert.equal(doc.html, undefined, 'formats not asked for are absent');
  });

  test('onlyMainContent false, includeTags and excludeTags', async () => {
    const all = await fc.scrape(site.url('/article'), { onlyMainContent: false, maxAge: 0 });
    assert.match(all.markdown!, /Related posts/);
    const only = await fc.scrape(site.url('/article'), { includeTags: ['article'], excludeTags: ['.note'], maxAge: 0 });
    assert.match(only.markdown!, /Release 2\.0/);
    assert.doesNotMatch(only.markdown!, /upgrade soon/);
  });

  test('html, rawHtml, links and images', async () => {
    const doc = await fc.scrape(site.url('/article'), { formats: ['html', 'rawHtml', 'links', 'images'], maxAge: 0 });
    assert.doesNotMatch(doc.html!, /<script|<nav/);
    assert.match(doc.html!, /href="http:\/\/127\.0\.0\.1:\d+\/changelog"/);
    assert.equal(doc.rawHtml, ARTICLE);
    assert.ok(doc.links!.includes(site.url('/changelog')));
    assert.equal(new Set(doc.links).size, doc.links!.length);
    assert.deepEqual(doc.images, [site.url('/img/chart.png')]);
    assert.equal(doc.markdown, undefined);
  });

  test('a target answering 404 is a successful scrape reporting that status', async () => {
    const doc = await fc.scrape(site.url('/missing'), { maxAge: 0 });
    assert.equal(doc.metadata?.statusCode, 404);
    assert.ok(doc.metadata?.error);
    assert.match(doc.markdown!, /Not here/);
  });

  test('a redirect chain reports the final URL and the URL as sent', async () => {
    const sent = site.url('/hop1');
    const doc = await fc.scrape(sent, { maxAge: 0 });
    assert.equal(doc.metadata?.sourceURL, sent);
    assert.equal(doc.metadata?.url, site.url('/article'));
    assert.match(doc.markdown!, /Release 2\.0/);
  });

  test('a declared charset decodes correctly', async () => {
    const doc = await fc.scrape(site.url('/latin1'), { maxAge: 0 });
    assert.match(doc.markdown!, /Crème brûlée/);
    assert.equal(doc.metadata?.title, 'Café');
  });

  test('a script-rendered page is rendered in the browser', async () => {
    const doc = await fc.scrape(site.url('/app'), { maxAge: 0 });
    assert.match(doc.markdown!, /# Rendered later/);
    assert.equal(doc.metadata?.engine, 'browser');
  });

  test('actions run in order, with a screenshot served by Trawl', async () => {
    const doc = await fc.scrape(site.url('/form'), {
      maxAge: 0,
      formats: ['markdown', { type: 'screenshot', fullPage: true }],
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'trawl' },
        { type: 'click', selector: '#go' },
        { type: 'wait', milliseconds: 100 },
        { type: 'screenshot' },
        { type: 'executeJavascript', script: 'document.title.length' },
        { type: 'scrape' },
      ],
    });
    assert.match(doc.markdown!, /You searched: trawl/);
    const shots = doc.actions?.screenshots as string[] | undefined;
    assert.equal(shots?.length, 1);
    assert.deepEqual(doc.actions?.javascriptReturns, [{ type: 'number', value: 4 }]);
    assert.match((doc.actions?.scrapes as { html: string }[])[0]!.html, /You searched: trawl/);
    for (const url of [doc.screenshot!, shots![0]!]) {
      const png = Buffer.from(await (await fetch(url)).arrayBuffer());
      assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], `${url} is a PNG`);
    }
  });

  test('a failing action answers SCRAPE_ACTION_ERROR naming its index', async () => {
    await assert.rejects(
      fc.scrape(site.url('/form'), { maxAge: 0, actions: [{ type: 'wait', milliseconds: 10 }, { type: 'click', selector: '#does-not-exist' }] }),
      (err: unknown) => {
        assert.ok(err instanceof SdkError);
        assert.equal(err.code, 'SCRAPE_ACTION_ERROR');
        assert.match(err.message, /Action 1 \(click\)/);
        return true;
      },
    );
  });

  test('a PDF by URL becomes markdown with its page counts, billed per page', async () => {
    const doc = await fc.scrape(site.url('/report.pdf'), { maxAge: 0 });
    assert.match(doc.markdown!, /Annual Report/);
    assert.match(doc.markdown!, /Next year looks good/);
    assert.equal(doc.metadata?.numPages, 2);
    assert.equal(doc.metadata?.creditsUsed, 2);
    assert.match(String(doc.metadata?.contentType), /application\/pdf/);
    const one = await fc.scrape(site.url('/report.pdf'), { maxAge: 0, parsers: [{ type: 'pdf', maxPages: 1 }] });
    assert.equal(one.metadata?.numPages, 1);
    assert.equal(one.metadata?.totalPages, 2);
    assert.doesNotMatch(one.markdown!, /Next year looks good/);
  });

  test('a DOCX by URL keeps headings, lists and tables', async () => {
    const doc = await fc.scrape(site.url('/report.docx'), { maxAge: 0 });
    assert.match(doc.markdown!, /^# Annual Report/m);
    assert.match(doc.markdown!, /\| Apples \| 12 \| 3\.50 \|/);
    assert.match(doc.markdown!, /Nested point A/);
  });

  test('a timeout answers 408 SCRAPE_TIMEOUT within the deadline', async () => {
    const started = Date.now();
    await assert.rejects(fc.scrape(site.url('/slow'), { timeout: 1500, maxAge: 0 }), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.status, 408);
      assert.equal(err.code, 'SCRAPE_TIMEOUT');
      return true;
    });
    assert.ok(Date.now() - started < 3000, `answered after ${Date.now() - started} ms`);
  });

  test('maxAge serves a cached copy; maxAge 0 and other formats fetch fresh; storeInCache false keeps nothing', async () => {
    const first = await fc.scrape(site.url('/counter'), { formats: ['markdown'] });
    assert.equal(first.metadata?.cacheState, 'miss');
    const hit = await fc.scrape(site.url('/counter'), { formats: ['markdown'] });
    assert.equal(hit.metadata?.cacheState, 'hit');
    assert.equal(hit.markdown, first.markdown);
    assert.ok(hit.metadata?.cachedAt);
    assert.notEqual(hit.metadata?.scrapeId, first.metadata?.scrapeId);

    const other = await fc.scrape(site.url('/counter'), { formats: ['markdown', 'links'] });
    assert.equal(other.metadata?.cacheState, 'miss', 'other formats never share a cached result');
    const forced = await fc.scrape(site.url('/counter'), { formats: ['markdown'], maxAge: 0 });
    assert.equal(forced.metadata?.cacheState, undefined, 'maxAge 0 never looks in the cache, so it reports no cacheState');
    assert.notEqual(forced.markdown, first.markdown);

    const url = site.url('/counter') + '?nocache=1';
    await fc.scrape(url, { storeInCache: false });
    const again = await fc.scrape(url, {});
    assert.equal(again.metadata?.cacheState, 'miss');
  });

  test('cached results and past scrapes belong to their team', async () => {
    const mine = await fc.scrape(site.url('/article'), {});
    const theirs = new Firecrawl({ apiKey: 'other-key', apiUrl: s.url });
    const doc = await theirs.scrape(site.url('/article'), {});
    assert.equal(doc.metadata?.cacheState, 'miss', 'another team never gets this team’s cached copy');

    const own = await s.api('GET', `/v2/scrape/${mine.metadata?.scrapeId}`);
    assert.equal(own.status, 200);
    assert.equal(own.body.data.markdown, mine.markdown);
    const foreign = await s.api('GET', `/v2/scrape/${mine.metadata?.scrapeId}`, undefined, { authorization: 'Bearer other-key' });
    assert.equal(foreign.status, 403);
    const unknown = await s.api('GET', '/v2/scrape/00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
  });

  test('private addresses are refused unless the operator allows them, on every redirect too', async () => {
    // The URL policy is process-wide (one process serves one configuration), so
    // the strict server is asked before the second one starts.
    const strict = await startTestServer({ TRAWL_ALLOW_PRIVATE_NETWORK: 'off' });
    const literal = await strict.api('POST', '/v2/scrape', { url: site.url('/article') });
    await strict.close();
    assert.equal(literal.status, 400, 'a loopback target is not even a valid URL by default');
    assert.match(literal.body.error, /valid top-level domain/);

    const allowed = await startSite({ '/out': { redirect: site.url('/article'), status: 302 }, '/ok': { html: '<p>allowed host</p>' } }, { host: '127.0.0.2' });
    const opened = await startTestServer({ TRAWL_ALLOW_PRIVATE_NETWORK: 'off', TRAWL_EGRESS_ALLOW_CIDRS: '127.0.0.2/32' });
    try {
      const ok = await opened.api('POST', '/v2/scrape', { url: allowed.url('/ok') });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const hop = await opened.api('POST', '/v2/scrape', { url: allowed.url('/out') });
      assert.equal(hop.status, 403, JSON.stringify(hop.body));
      assert.match(hop.body.error, /loopback address \(127\.0\.0\.1\)/);
    } finally {
      await opened.close();
      await allowed.close();
    }
  });
});
