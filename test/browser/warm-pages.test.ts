import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine } from '../../src/browser/index.js';
import type { Resolver } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

// What a page can leave behind for the next visitor of the same origin: a cookie, local and
// session storage, IndexedDB, Cache Storage, a service worker, window.name, and the storage of a frame from another origin (another port of the same site:
// Chromium denies storage to third-party frames altogether). "leave" stores all of it and reports what
// it then reads back (so the test knows it was stored); "visit" reports what it finds.
const STORE = `
  document.cookie = 'team=first; max-age=3600; path=/';
  localStorage.setItem('team', 'first');
  sessionStorage.setItem('team', 'first');
  window.name = 'first';
  await new Promise((done) => {
    const open = indexedDB.open('team-db', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('s');
    open.onsuccess = () => { open.result.close(); done(); };
  });
  await (await caches.open('team-cache')).put('/kept', new Response('first'));
  // Refused in Trawl's contexts (serviceWorkers: block); if it ever got through, "visit" must still see none.
  await navigator.serviceWorker.register('/sw.js').catch(() => {});
`;

const REPORT = `
  const frame = await new Promise((done) => {
    addEventListener('message', (e) => done(e.data), { once: true });
    const iframe = document.createElement('iframe');
    iframe.src = FRAME_ORIGIN + '/frame' + location.search;
    document.body.append(iframe);
  });
  document.getElementById('out').textContent = JSON.stringify({
    cookie: document.cookie,
    local: localStorage.getItem('team'),
    session: sessionStorage.getItem('team'),
    name: window.name,
    dbs: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    geo: (await navigator.permissions.query({ name: 'geolocation' })).state,
    history: history.length,
    frame,
  });
`;

const page = (store: boolean, frameOrigin: string) =>
  `<!doctype html><body><p id="out">working</p><script>
  const FRAME_ORIGIN = ${JSON.stringify(frameOrigin)};
  (async () => { ${store ? STORE : ''} ${REPORT} })();
</script></body>`;

// In the other origin's frame: stores when asked (?store), and reports its own storage to the page.
const FRAME = `<!doctype html><script>
  if (location.search.includes('store')) localStorage.setItem('team', 'first');
  parent.postMessage(localStorage.getItem('team'), '*');
</script>`;

describe('warm tabs: nothing crosses from one render to the next', () => {
  let site: Site;
  let frames: Site;
  let engine: BrowserEngine;

  before(async () => {
    frames = await startSite({ '/frame': { html: FRAME } });
    site = await startSite({
      '/sw.js': { body: "self.addEventListener('fetch', () => {});", type: 'text/javascript' },
      '/auth': (req, res) => {
        if (req.headers.authorization) {
          res.setHeader('content-type', 'text/html');
          res.end('<p>signed in</p>');
          return;
        }
        res.writeHead(401, { 'www-authenticate': 'Basic realm="team"' });
        res.end();
      },
    });
    site.set('/leave', { html: page(true, frames.origin) });
    site.set('/left', { text: 'seen' });
    site.set('/visit', { html: page(false, frames.origin) });
    engine = createBrowserEngine({ allowPrivateNetwork: true, resolve, maxPages: 1, warmPages: 2 });
  });
  after(async () => {
    await engine.close();
    await Promise.all([site.close(), frames.close()]);
  });

  const found = (html: string) => JSON.parse(/<p id="out">([^<]*)<\/p>/.exec(html)![1]!.replaceAll('&quot;', '"'));

  it('a kept tab starts empty, whatever the render before it stored', async () => {
    const left = found((await engine.render({ url: site.url('/leave?store'), waitFor: 300 })).html);
    assert.deepEqual(
      { ...left, workers: undefined },
      { cookie: 'team=first', local: 'first', session: 'first', name: 'first', dbs: ['team-db'], caches: ['team-cache'], workers: undefined, geo: 'prompt', history: 2, frame: 'first' },
      'the first render stored everything it could',
    );
    // The same origin right after, in the same engine: served by the tab the first render used.
    const hitsBefore = engine.stats().warmHits;
    const seen = found((await engine.render({ url: site.url('/visit'), waitFor: 300 })).html);
    assert.equal(engine.stats().warmHits, hitsBefore + 1, 'the second render took the kept tab');
    // A new tab's history holds its about:blank and this page: a tab used before would hold more.
    assert.deepEqual(seen, { cookie: '', local: null, session: null, name: '', dbs: [], caches: [], workers: 0, geo: 'prompt', history: 2, frame: null });
  });

  it('every render of a burst gets a clean tab', async () => {
    const renders = await Promise.all([1, 2, 3, 4].map(() => engine.render({ url: site.url('/leave?store'), waitFor: 300 })));
    for (const r of renders) assert.equal(found(r.html).local, 'first');
    const seen = found((await engine.render({ url: site.url('/visit'), waitFor: 300 })).html);
    assert.equal(seen.cookie, '');
    assert.equal(seen.local, null);
    assert.equal(seen.frame, null);
  });

  it('what a page stores as it is left (pagehide, unload) is cleared too', async () => {
    // The handlers run when the reset navigates away, and the beacon shows they did. Chromium
    // does not promise to run them (on a busy machine it drops the old document before its
    // pagehide some of the time), so the test leaves and visits until one run shows the handler
    // ran, and every visit on the way must find nothing.
    let ran = 0;
    for (let attempt = 0; attempt < 12 && ran === 0; attempt++) {
      site.set(`/leaving${attempt}`, {
        html: `<!doctype html><p>leaving</p><script>
          addEventListener('pagehide', () => { localStorage.setItem('team', 'late'); document.cookie = 'team=late; path=/'; navigator.sendBeacon('/left?${attempt}'); });
          addEventListener('unload', () => { sessionStorage.setItem('team', 'late'); });
        </script>`,
      });
      await engine.render({ url: site.url(`/leaving${attempt}`) });
      const hitsBefore = engine.stats().warmHits;
      const seen = found((await engine.render({ url: site.url('/visit'), waitFor: 300 })).html);
      assert.equal(engine.stats().warmHits, hitsBefore + 1, 'the second render took the kept tab');
      assert.equal(seen.local, null);
      assert.equal(seen.session, null);
      assert.equal(seen.cookie, '');
      ran = site.requests.filter((r) => r.path.startsWith('/left?')).length;
    }
    assert.ok(ran > 0, 'the page ran its pagehide handler');
  });

  it('closes a tab that signed in to a site instead of keeping it', async () => {
    // Chromium keeps the credentials in its HTTP auth cache, which no reset clears. (Without
    // blockAds: with it, the request interception cancels every authentication challenge.)
    const url = new URL(site.url('/auth'));
    url.username = 'team';
    url.password = 'secret';
    const signedIn = await engine.render({ url: url.href, blockAds: false });
    assert.match(signedIn.html, /signed in/);
    const hitsBefore = engine.stats().warmHits;
    await engine.render({ url: site.url('/auth'), blockAds: false }).catch(() => undefined);
    assert.equal(engine.stats().warmHits, hitsBefore, 'the next render had a new tab');
    const last = site.requests.at(-1)!;
    assert.equal(last.path, '/auth');
    assert.equal(last.headers.authorization, undefined, 'the credentials did not reach the next render');
  });
});
