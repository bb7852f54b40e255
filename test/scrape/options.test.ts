import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Echoes what the page saw of its visitor, in the page itself. */
const ECHO = `<!doctype html><html><head><title>Echo</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main>
<p id="ua"></p><p id="w"></p><p id="tz"></p><p id="lang"></p></main>
<script>
document.getElementById('ua').textContent = 'UA ' + (/Mobile/.test(navigator.userAgent) ? 'mobile' : 'desktop');
document.getElementById('w').textContent = 'width ' + window.innerWidth;
document.getElementById('tz').textContent = 'zone ' + Intl.DateTimeFormat().resolvedOptions().timeZone;
document.getElementById('lang').textContent = 'lang ' + navigator.language;
</script></body></html>`;

const KEYS = `<!doctype html><html><head><title>Keys</title></head><body><main>
<input id="box" onkeydown="if (event.key === 'Enter') document.getElementById('log').textContent = 'entered ' + this.value">
<p id="log">waiting</p><div style="height:3000px"></div><p id="bottom">bottom</p></main></body></html>`;

describe('scrape options through the official JS SDK', () => {
  let site: Site;
  let tls: Site;
  let s: TestServer;
  let fc: Firecrawl;

  before(async () => {
    site = await startSite({
      '/echo': { html: ECHO },
      '/keys': { html: KEYS },
      '/late': {
        html: `<html><body><main><p id="t">early</p></main><script>setTimeout(() => document.getElementById('t').textContent = 'late text arrived', 2600)</script></body></html>`,
      },
      '/inline-image': {
        html: `<html><body><main><h1>Pic</h1><p>See <img alt="dot" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="></p></main></body></html>`,
      },
      '/headers': (req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end(`<html><body><p>token=${req.headers['x-token'] ?? 'none'} lang=${req.headers['accept-language'] ?? 'none'}</p></body></html>`);
      },
    });
    tls = await startSite({ '/secure': { html: '<html><body><p>secret over tls</p></body></html>' } }, { tls: true });
    s = await startTestServer();
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
    await tls.close();
  });

  test('headers reach the target; location sets Accept-Language', async () => {
    const doc = await fc.scrape(site.url('/headers'), { headers: { 'x-token': 'abc' }, location: { country: 'DE' }, maxAge: 0 });
    assert.match(doc.markdown!, /token=abc/);
    assert.match(doc.markdown!, /lang=de-DE/);
  });

  test('mobile and location are what the page sees in the browser', async () => {
    const desktop = await fc.scrape(site.url('/echo'), { waitFor: 100, maxAge: 0 });
    assert.match(desktop.markdown!, /UA desktop/);
    const mobile = await fc.scrape(site.url('/echo'), { mobile: true, location: { country: 'JP', languages: ['ja-JP'] }, maxAge: 0 });
    assert.match(mobile.markdown!, /UA mobile/);
    const width = Number(/width (\d+)/.exec(mobile.markdown!)?.[1]);
    assert.ok(width > 0 && width < 500, `mobile viewport width ${width}`);
    assert.match(mobile.markdown!, /zone Asia\/Tokyo/);
    assert.match(mobile.markdown!, /lang ja-JP/);
  });

  test('waitFor waits after load before capturing', async () => {
    const early = await fc.scrape(site.url('/late'), { maxAge: 0, waitFor: 10 });
    assert.match(early.markdown!, /early/);
    const late = await fc.scrape(site.url('/late'), { maxAge: 0, waitFor: 3000 });
    assert.match(late.markdown!, /late text arrived/);
  });

  test('press, scroll and pdf actions', async () => {
    const doc = await fc.scrape(site.url('/keys'), {
      maxAge: 0,
      actions: [
        { type: 'click', selector: '#box' },
        { type: 'write', text: 'hello' },
        { type: 'press', key: 'Enter' },
        { type: 'scroll', direction: 'down' },
        { type: 'executeJavascript', script: 'String(window.scrollY > 0)' },
        { type: 'pdf', format: 'A4' },
      ],
    });
    assert.match(doc.markdown!, /entered hello/);
    assert.deepEqual(doc.actions?.javascriptReturns, [{ type: 'string', value: 'true' }]);
    const pdfs = doc.actions?.pdfs as string[];
    assert.equal(pdfs.length, 1);
    const pdf = Buffer.from(await (await fetch(pdfs[0]!)).arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  });

  test('removeBase64Images replaces inline images in markdown, keeping the alt text', async () => {
    const removed = await fc.scrape(site.url('/inline-image'), { maxAge: 0 });
    assert.match(removed.markdown!, /!\[dot\]\(<Base64-Image-Removed>\)/);
    const kept = await fc.scrape(site.url('/inline-image'), { maxAge: 0, removeBase64Images: false });
    assert.match(kept.markdown!, /data:image\/png;base64,/);
  });

  test('skipTlsVerification (default true) reaches a self-signed site; false refuses it', async () => {
    const doc = await fc.scrape(tls.url('/secure'), { maxAge: 0 });
    assert.match(doc.markdown!, /secret over tls/);
    await assert.rejects(fc.scrape(tls.url('/secure'), { maxAge: 0, skipTlsVerification: false }), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.code, 'SCRAPE_SSL_ERROR');
      return true;
    });
  });

  test('invalid options come back as an SDK error with the 400 details', async () => {
    await assert.rejects(fc.scrape(site.url('/echo'), { waitFor: 20_000, timeout: 30_000 }), (err: unknown) => {
      assert.ok(err instanceof SdkError);
      assert.equal(err.status, 400);
      assert.equal(err.code, 'BAD_REQUEST');
      assert.match(err.message, /waitFor must not exceed half of timeout/);
      return true;
    });
  });
});
