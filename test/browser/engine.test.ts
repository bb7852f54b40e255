import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine, type RenderRequest, type RenderResult } from '../../src/browser/index.js';
import { BrowserError, type BrowserErrorCode } from '../../src/browser/errors.js';
import { MAX_CAPTURE_PX } from '../../src/browser/screenshot.js';
import type { Resolver } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

// One engine (one Chromium) for the whole file. Private addresses are allowed so the
// 127.0.0.1 fixture can be rendered; every name resolves to 127.0.0.1 through a fake
// resolver, so even made-up ad hosts stay on the loopback.

const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function fails(promise: Promise<unknown>, code: BrowserErrorCode): Promise<BrowserError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof BrowserError, `expected a BrowserError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    return err;
  }
  assert.fail(`expected ${code}, but the render succeeded`);
}

const ECHO_SCRIPT = `<script>
  document.getElementById('out').textContent = JSON.stringify({
    ua: navigator.userAgent, width: screen.width, touch: navigator.maxTouchPoints,
    language: navigator.language, tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
</script>`;

const ACTIONS_PAGE = `<!doctype html><body style="margin:0">
  <button id="one" onclick="document.getElementById('clicked').textContent='yes'">one</button>
  <button class="many" onclick="window.count=(window.count||0)+1">a</button>
  <button class="many" onclick="window.count=(window.count||0)+1" style="display:none">b</button>
  <button class="many" onclick="window.count=(window.count||0)+1">c</button>
  <div id="clicked"></div>
  <form onsubmit="event.preventDefault(); document.getElementById('submitted').textContent=this.q.value">
    <input id="q" name="q"></form>
  <div id="submitted"></div>
  <div id="box" style="height:100px; overflow:auto"><div style="height:1000px">inner</div></div>
  <div style="height:5000px">tall</div>
</body>`;

describe('browser engine', () => {
  const lateGate = { open: false, waiting: [] as (() => void)[] };
  let engine: BrowserEngine;
  let site: Site;
  let other: Site;

  before(async () => {
    engine = createBrowserEngine({ allowPrivateNetwork: true, resolve, maxPages: 2 });
    site = await startSite({
      '/': { html: '<!doctype html><title>Home</title><h1>static</h1>' },
      '/late': {
        html: `<!doctype html><body><p>shell</p><script>
          fetch('/late-data').then((r) => r.text()).then((text) => document.body.insertAdjacentHTML('beforeend', text));
        </script></body>`,
      },
      // Held while the gate is shut, so the content comes late by the test's decision rather than a clock's.
      '/late-data': async (_req, res) => {
        if (!lateGate.open) await new Promise<void>((opened) => lateGate.waiting.push(opened));
        await new Promise((wait) => setTimeout(wait, 300));
        res.setHeader('content-type', 'text/html');
        res.end('<div id="late">written later</div>');
      },
      '/echo': (req, res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('x-echo', 'on');
        res.end(`<!doctype html><pre id="headers">${JSON.stringify(req.headers).replace(/</g, '&lt;')}</pre><pre id="out"></pre>${ECHO_SCRIPT}`);
      },
      '/actions': { html: ACTIONS_PAGE },
      '/tall': { html: '<!doctype html><body style="margin:0"><div style="height:30000px;background:linear-gradient(red,blue)"></div></body>' },
      '/medium': { html: '<!doctype html><body style="margin:0"><div style="height:2000px">x</div></body>' },
      '/redirect': { redirect: '/', status: 302 },
      '/missing': { status: 404, html: '<h1>not here</h1>' },
      '/slow': { html: 'finally', delayMs: 20_000 },
      '/ads': {
        html: `<!doctype html><div id="onetrust-banner-sdk">We use cookies</div><p>content</p>
          <img src="http://ads.doubleclick.net:${'PORT'}/pixel.gif">`,
      },
      '/pixel.gif': { body: Buffer.from('GIF89a'), type: 'image/gif' },
    });
    site.set('/ads', {
      html: `<!doctype html><div id="onetrust-banner-sdk">We use cookies</div><p>content</p><img src="http://ads.doubleclick.net:${site.port}/pixel.gif">`,
    });
    other = await startSite({ '/echo': (req, res) => res.end(JSON.stringify(req.headers)) });
  });

  after(async () => {
    await engine.close();
    await Promise.all([site.close(), other.close()]);
  });

  it('renders a page and reports the main document', async () => {
    const r = await engine.render({ url: site.url('/redirect') });
    assert.equal(r.url, site.url('/'));
    assert.equal(r.status, 200);
    assert.match(r.contentType ?? '', /^text\/html/);
    assert.match(r.html, /<h1>static<\/h1>/);
    assert.deepEqual(r.actions, { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] });
    const missing = await engine.render({ url: site.url('/missing') });
    assert.equal(missing.status, 404);
  });

  it('captures script-written content after waitFor or a wait-selector action', async () => {
    const written = /<\/script><div id="late">written later<\/div>/;
    // Nothing waits for the page's own fetches: the render does not hang on one that never ends.
    const early = await engine.render({ url: site.url('/late') });
    assert.doesNotMatch(early.html, written);
    lateGate.open = true;
    for (const opened of lateGate.waiting.splice(0)) opened();
    const waited = await engine.render({ url: site.url('/late'), waitFor: 2000 });
    assert.match(waited.html, written);
    const bySelector = await engine.render({ url: site.url('/late'), actions: [{ type: 'wait', selector: '#late' }] });
    assert.match(bySelector.html, written);
  });

  it('sends the caller’s headers, keeping credentials to the target origin', async () => {
    site.set('/with-subrequest', {
      html: `<!doctype html><pre id="sub"></pre><script>
        fetch(${JSON.stringify(other.url('/echo'))}).then(r => r.text()).then(t => document.getElementById('sub').textContent = t);
      </script>`,
    });
    other.set('/echo', (req, res) => {
      res.setHeader('access-control-allow-origin', '*');
      res.end(JSON.stringify(req.headers));
    });
    const headers = { 'X-Trawl-Test': 'hello', Authorization: 'Bearer secret', Cookie: 'session=abc; theme=dark', 'User-Agent': 'TrawlTest/1.0' };
    const r = await engine.render({ url: site.url('/echo'), headers });
    const seen = site.requests.filter((q) => q.path === '/echo').at(-1)!.headers;
    assert.equal(seen['x-trawl-test'], 'hello');
    assert.equal(seen.authorization, 'Bearer secret');
    assert.equal(seen.cookie, 'session=abc; theme=dark');
    assert.equal(seen['user-agent'], 'TrawlTest/1.0');
    assert.equal(r.headers['x-echo'], 'on');

    await engine.render({ url: site.url('/with-subrequest'), headers, actions: [{ type: 'wait', selector: '#sub:not(:empty)' }] });
    const third = other.requests.at(-1)!.headers;
    assert.equal(third['x-trawl-test'], 'hello');
    assert.equal(third.authorization, undefined);
    assert.equal(third.cookie, undefined);
  });

  it('emulates a phone for mobile', async () => {
    const r = await engine.render({ url: site.url('/echo'), mobile: true });
    const seen = JSON.parse(/<pre id="out">(.*?)<\/pre>/.exec(r.html)![1]!) as { ua: string; width: number; touch: number };
    assert.match(seen.ua, /Android.*Mobile/);
    assert.equal(seen.width, 412);
    assert.ok(seen.touch > 0);
    assert.match(site.requests.at(-1)!.headers['user-agent'] ?? '', /Mobile/);
    const desktop = await engine.render({ url: site.url('/echo') });
    assert.doesNotMatch(desktop.html, /Android/);
    assert.doesNotMatch(desktop.html, /HeadlessChrome/);
  });

  it('says Chrome, not HeadlessChrome, in the page, its workers and all their requests', async () => {
    const report = "({ ua: navigator.userAgent, brands: (navigator.userAgentData?.brands ?? []).map((b) => b.brand) })";
    site.set('/worker.js', { body: `fetch('/seen?from=worker').then(() => postMessage(${report}));`, type: 'text/javascript' });
    site.set('/shared-worker.js', {
      body: `onconnect = (e) => fetch('/seen?from=shared').then(() => e.ports[0].postMessage(${report}));`,
      type: 'text/javascript',
    });
    site.set('/seen', { text: 'seen' });
    site.set('/workers', {
      html: `<!doctype html><pre id="out"></pre><script>
        const seen = { page: ${report} };
        const show = () => {
          document.getElementById('out').textContent = JSON.stringify(seen);
          if (seen.worker && seen.shared && seen.fetched) document.body.insertAdjacentHTML('beforeend', '<p id="done">done</p>');
        };
        new Worker('/worker.js').onmessage = (e) => { seen.worker = e.data; show(); };
        new SharedWorker('/shared-worker.js').port.onmessage = (e) => { seen.shared = e.data; show(); };
        fetch('/seen?from=page').then(() => { seen.fetched = true; show(); });
      </script>`,
    });
    const r = await engine.render({ url: site.url('/workers'), actions: [{ type: 'wait', selector: '#done' }] });
    const seen = JSON.parse(/<pre id="out">(.*?)<\/pre>/.exec(r.html)![1]!) as Record<string, { ua: string; brands: string[] }>;
    const { fetched: _, ...reports } = seen;
    assert.deepEqual(Object.keys(reports).sort(), ['page', 'shared', 'worker']);
    for (const [where, { ua, brands }] of Object.entries(reports)) {
      assert.match(ua, /Chrome\/\d+/, where);
      assert.doesNotMatch(ua, /Headless/, where);
      assert.ok(!brands.some((brand) => /Headless/.test(brand)), `${where}: ${brands.join(', ')}`);
    }
    const fromWorkers = site.requests.filter((q) => q.path.startsWith('/seen?from=') || q.path.endsWith('worker.js'));
    assert.equal(fromWorkers.length, 5);
    for (const q of fromWorkers) {
      assert.doesNotMatch(q.headers['user-agent'] ?? '', /Headless/, q.path);
      assert.match(q.headers['user-agent'] ?? '', /Chrome\/\d+/, q.path);
      assert.doesNotMatch(String(q.headers['sec-ch-ua'] ?? ''), /Headless/, q.path);
    }
  });

  it('applies location: Accept-Language, locale and time zone', async () => {
    const r = await engine.render({ url: site.url('/echo'), location: { country: 'DE', languages: ['de-DE', 'en'] } });
    const seen = JSON.parse(/<pre id="out">(.*?)<\/pre>/.exec(r.html)![1]!) as { language: string; tz: string };
    assert.equal(seen.language, 'de-DE');
    assert.equal(seen.tz, 'Europe/Berlin');
    assert.equal(site.requests.at(-1)!.headers['accept-language'], 'de-DE,de;q=0.9,en;q=0.8');
    const jp = await engine.render({ url: site.url('/echo'), location: { country: 'jp' }, blockAds: false });
    assert.match(jp.html, /Asia\/Tokyo/);
    assert.equal(site.requests.at(-1)!.headers['accept-language'], 'ja-JP,ja;q=0.9');
  });

  it('runs click, write, press, scroll, scrape, executeJavascript and pdf in order', async () => {
    const r = await engine.render({
      url: site.url('/actions'),
      actions: [
        { type: 'click', selector: '#one' },
        { type: 'click', selector: '.many', all: true },
        { type: 'click', selector: '.nothing-matches', all: true },
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'trawl' },
        { type: 'press', key: 'Enter' },
        { type: 'scroll', direction: 'down' },
        { type: 'scroll', selector: '#box' },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'window.count' },
        { type: 'executeJavascript', script: 'return [scrollY > 0, document.getElementById("box").scrollTop]' },
        { type: 'executeJavascript', script: 'new Promise(r => setTimeout(() => r({ok: true}), 10))' },
        { type: 'executeJavascript', script: 'undefined' },
        { type: 'scroll', direction: 'up' },
        { type: 'executeJavascript', script: 'scrollY' },
        { type: 'pdf', format: 'A4', landscape: true },
      ],
    });
    assert.match(r.html, /<div id="clicked">yes<\/div>/);
    assert.match(r.html, /<div id="submitted">trawl<\/div>/);
    assert.equal(r.actions.scrapes.length, 1);
    assert.equal(r.actions.scrapes[0]!.url, site.url('/actions'));
    assert.match(r.actions.scrapes[0]!.html, /<div id="submitted">trawl<\/div>/);
    assert.deepEqual(r.actions.javascriptReturns, [
      { type: 'number', value: 3 },
      { type: 'object', value: [true, 100] },
      { type: 'object', value: { ok: true } },
      { type: 'undefined', value: undefined },
      { type: 'number', value: 0 },
    ]);
    assert.equal(r.actions.pdfs.length, 1);
    assert.equal(r.actions.pdfs[0]!.mimeType, 'application/pdf');
    assert.equal(r.actions.pdfs[0]!.data.subarray(0, 5).toString(), '%PDF-');
  });

  it('captures the page an action navigated to', async () => {
    site.set('/link', { html: '<a id="go" href="/missing">go</a>' });
    const r = await engine.render({ url: site.url('/link'), actions: [{ type: 'click', selector: '#go' }] });
    assert.equal(r.url, site.url('/missing'));
    assert.equal(r.status, 404);
    assert.match(r.html, /not here/);
  });

  it('fails a broken action with its index', async () => {
    const attempt = (actions: RenderRequest['actions']) => fails(engine.render({ url: site.url('/actions'), actions }), 'BROWSER_ACTION');
    let err = await attempt([{ type: 'wait', milliseconds: 1 }, { type: 'scrape' }, { type: 'scroll', selector: '#does-not-exist' }]);
    assert.equal(err.actionIndex, 2);
    assert.equal(err.actionType, 'scroll');
    assert.match(err.message, /action 2 \(scroll\)/);
    err = await attempt([{ type: 'press', key: 'NoSuchKey' }]);
    assert.equal(err.actionIndex, 0);
    err = await attempt([{ type: 'scrape' }, { type: 'executeJavascript', script: 'throw new Error("boom")' }]);
    assert.equal(err.actionIndex, 1);
    assert.match(err.message, /boom/);
  });

  it('takes PNG screenshots, JPEG with quality, at a chosen viewport', async () => {
    const r = await engine.render({
      url: site.url('/medium'),
      actions: [{ type: 'screenshot' }, { type: 'screenshot', quality: 50, viewport: { width: 500, height: 400 } }],
      screenshot: { fullPage: true },
    });
    const [png, jpeg] = r.actions.screenshots;
    assert.equal(png!.mimeType, 'image/png');
    assert.deepEqual(png!.data.subarray(0, 8), PNG);
    assert.deepEqual(pngSize(png!.data), { width: 1280, height: 800 });
    assert.equal(jpeg!.mimeType, 'image/jpeg');
    assert.deepEqual([...jpeg!.data.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.deepEqual(pngSize(r.screenshot!.data), { width: 1280, height: 2000 });
    assert.deepEqual(r.warnings, []);
  });

  it('caps a full-page screenshot of a very tall page instead of failing', async () => {
    const r = await engine.render({ url: site.url('/tall'), screenshot: { fullPage: true } });
    assert.deepEqual(pngSize(r.screenshot!.data), { width: 1280, height: MAX_CAPTURE_PX });
    assert.match(r.warnings.join(), /cut to 1280×16384 CSS px of 1280×30000/);
  });

  it('blocks ad hosts and cookie banners with blockAds, and not without', async () => {
    const before = site.requests.filter((q) => q.path === '/pixel.gif').length;
    const blocked = await engine.render({ url: site.url('/ads') });
    assert.doesNotMatch(blocked.html, /We use cookies/);
    assert.doesNotMatch(blocked.html, /trawl-hide-cookie-banners/);
    assert.match(blocked.html, /content/);
    assert.equal(site.requests.filter((q) => q.path === '/pixel.gif').length, before);
    const open = await engine.render({ url: site.url('/ads'), blockAds: false });
    assert.match(open.html, /We use cookies/);
    assert.equal(site.requests.filter((q) => q.path === '/pixel.gif').length, before + 1);
  });

  it('honours skipTlsVerification', async () => {
    const secure = await startSite({ '/': { html: '<p>tls ok</p>' } }, { tls: true });
    try {
      const r = await engine.render({ url: secure.url('/'), skipTlsVerification: true });
      assert.match(r.html, /tls ok/);
      const err = await fails(engine.render({ url: secure.url('/'), skipTlsVerification: false }), 'BROWSER_NAVIGATION');
      assert.match(err.netError ?? '', /^ERR_CERT_/);
    } finally {
      await secure.close();
    }
  });

  it('refuses non-web URLs', async () => {
    await assert.rejects(engine.render({ url: 'file:///etc/passwd' }), { code: 'EGRESS_BAD_SCHEME' });
    await assert.rejects(engine.render({ url: 'not a url' }), { code: 'EGRESS_BAD_URL' });
  });

  it('times out within the deadline, during navigation or actions, and keeps working', async () => {
    let started = Date.now();
    await fails(engine.render({ url: site.url('/slow'), timeout: 1500 }), 'BROWSER_TIMEOUT');
    let took = Date.now() - started;
    assert.ok(took >= 1400 && took < 3000, `took ${took} ms`);
    started = Date.now();
    await fails(engine.render({ url: site.url('/'), timeout: 1500, actions: [{ type: 'wait', milliseconds: 10_000 }] }), 'BROWSER_TIMEOUT');
    took = Date.now() - started;
    assert.ok(took < 3000, `took ${took} ms`);
    const r = await engine.render({ url: site.url('/') });
    assert.equal(r.status, 200);
  });

  it('queues renders beyond maxPages', async () => {
    const results = await Promise.all([1, 2, 3].map(() => engine.render({ url: site.url('/'), waitFor: 300 })));
    assert.ok(results.every((r) => r.status === 200));
    assert.ok(results.some((r) => r.timings.queuedMs > 200), JSON.stringify(results.map((r) => r.timings)));
  });

  it('relaunches Chromium after its process is killed', async (t) => {
    if (!fs.existsSync('/proc/self/stat')) {
      t.skip('needs /proc to find the Chromium process');
      return;
    }
    await engine.render({ url: site.url('/') });
    const launches = engine.stats().launches;
    const pids = chromiumChildren();
    assert.equal(pids.length, 1, `expected one Chromium child, found ${pids.join(',')}`);
    process.kill(pids[0]!, 'SIGKILL');
    const r = await engine.render({ url: site.url('/') });
    assert.equal(r.status, 200);
    assert.equal(engine.stats().launches, launches + 1);
  });
});

describe('browser engine lifecycle', () => {
  it('starts nothing until a render needs the browser, then says what is missing', async () => {
    const engine = createBrowserEngine({ executablePath: '/nonexistent/chromium', allowPrivateNetwork: true, resolve });
    assert.deepEqual(engine.stats(), { launches: 0, activePages: 0, queued: 0, warmHits: 0 });
    const err = await fails(engine.render({ url: 'http://127.0.0.1:9/' }), 'BROWSER_UNAVAILABLE');
    assert.match(err.message, /\/nonexistent\/chromium/);
    await engine.close();
  });

  it('lets a running render finish on close and refuses new ones', async () => {
    const site = await startSite({ '/': { html: '<p>done</p>' } });
    // The render launches Chromium, which at load 30 took longer than the default 5 s
    // that close() waits before closing the browser under it.
    const engine = createBrowserEngine({ allowPrivateNetwork: true, resolve, closeGraceMs: 60_000 });
    try {
      const running = engine.render({ url: site.url('/'), waitFor: 300 });
      await new Promise((r) => setTimeout(r, 50));
      const closing = engine.close();
      await fails(engine.render({ url: site.url('/') }), 'BROWSER_CLOSED');
      assert.match((await running).html, /done/);
      await closing;
      assert.equal(chromiumChildren().length, 0);
    } finally {
      await engine.close();
      await site.close();
    }
  });
});

/** Chromium processes started by this test process (Playwright spawns them directly). */
function chromiumChildren(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // comm may contain spaces, so parse the fields after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(comm)) pids.push(Number(entry));
    } catch {
      // The process exited while we looked.
    }
  }
  return pids;
}
