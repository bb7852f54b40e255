import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBrowserEngine, type BrowserEngine } from '../../src/browser/index.js';
import type { Resolver } from '../../src/egress/index.js';
import { startSite, type Site } from '../fixtures/site.js';

const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

// What a page can leave behind for the next visitor of the same origin: a cookie,
// local storage, session storage, IndexedDB, a service worker, a granted permission and
// the tab's history. The "visit" page reports what it finds of each.
const LEAVE = `<!doctype html><body><p id="out">working</p><script>
  document.cookie = 'team=first; max-age=3600; path=/';
  localStorage.setItem('team', 'first');
  sessionStorage.setItem('team', 'first');
  const open = indexedDB.open('team-db', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('s');
  open.onsuccess = async () => {
    open.result.close();
    await navigator.serviceWorker.register('/sw.js').then((r) => r.update()).catch(() => {});
    document.getElementById('out').textContent = 'left';
  };
</script></body>`;

const VISIT = `<!doctype html><body><p id="out">looking</p><script>
  (async () => {
    const dbs = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : [];
    const workers = (await navigator.serviceWorker.getRegistrations()).length;
    const geo = (await navigator.permissions.query({ name: 'geolocation' })).state;
    document.getElementById('out').textContent = JSON.stringify({
      cookie: document.cookie, local: localStorage.getItem('team'), session: sessionStorage.getItem('team'),
      dbs, workers, history: history.length, geo,
    });
  })();
</script></body>`;

describe('warm pages: nothing crosses from one render to the next', () => {
  let site: Site;
  let engine: BrowserEngine;

  before(async () => {
    site = await startSite({
      '/leave': { html: LEAVE },
      '/visit': { html: VISIT },
      '/sw.js': { body: "self.addEventListener('fetch', () => {});", type: 'text/javascript' },
    });
    engine = createBrowserEngine({ allowPrivateNetwork: true, resolve, maxPages: 1, warmPages: 2 });
  });
  after(async () => {
    await engine.close();
    await site.close();
  });

  const found = (html: string) => JSON.parse(/<p id="out">([^<]*)<\/p>/.exec(html)![1]!.replaceAll('&quot;', '"'));

  it('a page opened ahead starts empty, whatever the render before it stored', async () => {
    const left = await engine.render({ url: site.url('/leave') });
    assert.match(left.html, /<p id="out">left<\/p>/, 'the first page stored its state');
    // The same origin right after, in the same engine: served by a page opened ahead.
    const hitsBefore = engine.stats().warmHits;
    const seen = found((await engine.render({ url: site.url('/visit') })).html);
    assert.equal(engine.stats().warmHits, hitsBefore + 1, 'the second render took a page opened ahead');
    // A new tab's history holds its about:blank and this page: a tab used before would hold more.
    assert.deepEqual(seen, { cookie: '', local: null, session: null, dbs: [], workers: 0, history: 2, geo: 'prompt' });
  });

  it('every render of a burst gets its own fresh page', async () => {
    const renders = await Promise.all([1, 2, 3, 4].map(() => engine.render({ url: site.url('/leave') })));
    for (const r of renders) assert.match(r.html, /<p id="out">left<\/p>/);
    const seen = found((await engine.render({ url: site.url('/visit') })).html);
    assert.equal(seen.cookie, '');
    assert.equal(seen.local, null);
    assert.equal(seen.workers, 0);
  });
});
