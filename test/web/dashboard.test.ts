import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { setUrlPolicy } from '../../src/api/index.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt, launchChromium } from './dashboard.js';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

describe('the dashboard, in Chromium against a real Trawl', () => {
  let s: TestServer;
  let site: Site;
  let browser: Browser;

  before(async () => {
    ensureDashboardBuilt();
    site = await startSite({
      '/': {
        html: page(
          'Trawl test shop',
          `<h1>Trawl test shop</h1>
           <p>We sell <strong>nets</strong> of every size. Beware: &lt;script&gt;alert(1)&lt;/script&gt; is only text here.</p>
           <ul><li><a href="/a">Page A</a></li><li><a href="/b">Page B</a></li><li><a href="/c">Page C</a></li></ul>`,
        ),
      },
      // Slow pages keep the crawl running long enough to be seen in progress.
      '/a': { html: page('Page A', '<h1>Page A</h1><p>Alpha nets for small fish.</p>'), delayMs: 800 },
      '/b': { html: page('Page B', '<h1>Page B</h1><p>Bravo nets hold the biggest catch.</p>'), delayMs: 800 },
      '/c': { html: page('Page C', '<h1>Page C</h1><p>Charlie nets, repaired by hand.</p>'), delayMs: 800 },
      '/prices': { html: page('Prices', '<h1>Prices</h1><p>The skiff net costs $49.</p>') },
      // What Python's http.server answers for a missing page.
      '/gone': { status: 404, html: page('Error response', '<h1>Error response</h1><p>Error code: 404</p><p>Message: File not found.</p>') },
      '/handbook': {
        html: page(
          'Mending handbook',
          `<h1>Mending handbook</h1><p>Read the <a href="/a">introduction to mending</a> before the <strong>trawler</strong> chapter.</p>
           <hr><table><tr><th>Knot</th><th>Use</th></tr><tr><td>Sheet bend</td><td>joins two mending twines</td></tr></table>`,
        ),
      },
    });
    s = await startTestServer();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await s?.close();
    await site?.close();
  });

  /** A fresh browser profile, already signed in (the sign-in form has its own test). */
  async function signedIn(): Promise<Page> {
    const context = await browser.newContext();
    await context.addInitScript({ content: `localStorage.setItem('trawl.apiKey', ${JSON.stringify(s.key)})` });
    const p = await context.newPage();
    return p;
  }

  test('a wrong key is refused; the right one opens the dashboard', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(s.url + '/');
    await p.fill('input[name=apiKey]', 'fc-not-a-key');
    await p.click('button[type=submit]');
    await p.getByRole('alert').filter({ hasText: 'Invalid token' }).waitFor();
    await p.fill('input[name=apiKey]', s.key);
    await p.click('button[type=submit]');
    await p.getByRole('link', { name: 'Playground' }).waitFor();
    // Kept in the browser: a reload stays signed in.
    await p.reload();
    await p.getByRole('link', { name: 'API keys' }).waitFor();
    await context.close();
  });

  test('a crawl started from the page shows live progress, then each page’s markdown', async () => {
    const p = await signedIn();
    await p.goto(`${s.url}/#/playground/crawl`);
    await p.fill('input[name=url]', site.url('/'));
    await p.selectOption('select[name=sitemap]', 'skip');
    await p.click('button[type=submit]');
    await p.waitForURL(/#\/jobs\/crawl\/[0-9a-f-]+$/);

    const progress = p.getByTestId('job-progress');
    // Seen while running: at least one page done, the slow ones still going.
    await p.locator('[data-testid=job-progress][data-status=scraping]:not([data-completed="0"])').waitFor();
    await p.locator('[data-testid=job-progress][data-status=completed]').waitFor();
    assert.equal(await progress.textContent(), '4 of 4 pages');
    assert.equal(await p.getByTestId('job-status').textContent(), 'completed');
    assert.equal(await p.getByTestId('job-channel').textContent(), 'live', 'followed over the watcher WebSocket');
    assert.equal(await p.locator('[data-testid=job-pages] li').count(), 4);

    await p.getByRole('button', { name: /^Page B/ }).click();
    const doc = p.getByTestId('document');
    await doc.locator('.markdown h1', { hasText: 'Page B' }).waitFor();
    assert.match((await doc.locator('.markdown').textContent()) ?? '', /Bravo nets hold the biggest catch\./);
    await p.context().close();
  });

  test('a scrape in the playground shows the markdown rendered, page markup as text', async () => {
    const p = await signedIn();
    await p.goto(`${s.url}/#/playground/scrape`);
    await p.fill('input[name=url]', site.url('/'));
    await p.click('button[type=submit]');
    const md = p.locator('[data-testid=document] .markdown');
    await md.locator('h1', { hasText: 'Trawl test shop' }).waitFor();
    assert.equal(await md.locator('strong', { hasText: 'nets' }).count(), 1, 'emphasis is rendered, not shown as **');
    assert.equal(await md.locator('a', { hasText: 'Page A' }).count(), 1);
    assert.match((await md.textContent()) ?? '', /<script>alert\(1\)<\/script> is only text here/);
    assert.equal(await md.locator('script').count(), 0);
    await p.context().close();
  });

  test('a key created on the page works until it is revoked there', async () => {
    const p = await signedIn();
    await p.goto(`${s.url}/#/keys`);
    const table = p.getByTestId('keys-table');
    await table.waitFor();
    // The key the dashboard runs on cannot be revoked from it.
    const own = table.locator('tr', { hasText: 'this session' });
    assert.equal(await own.getByRole('button', { name: 'Revoke' }).count(), 0);

    await p.fill('input[name=keyName]', 'ci-robot');
    await p.getByRole('button', { name: 'Create key' }).click();
    const key = (await p.getByTestId('new-key-value').textContent())!.trim();
    assert.match(key, /^fc-[0-9a-f]{32}$/);
    const call = (k: string) => fetch(`${s.url}/v2/team/credit-usage`, { headers: { authorization: `Bearer ${k}` } });
    assert.equal((await call(key)).status, 200);

    const row = table.locator('tr', { hasText: 'ci-robot' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke for good' }).click();
    await row.getByTestId('key-state').filter({ hasText: /^revoked/ }).waitFor();
    assert.equal((await call(key)).status, 401);
    await p.context().close();
  });

  test('usage of past months shows as bars, per key on demand', async () => {
    const team = await s.trawl.store.teams.findTeamByName('default');
    const own = (await s.api('GET', '/v2/team/keys')).body.data.find((k: any) => k.current);
    const now = new Date();
    const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 10));
    await s.trawl.store.ledger.record({ teamId: team!.id, apiKeyId: own.id, credits: 4321, tokens: 0, kind: 'crawl', jobId: null, createdAt: past.toISOString() });
    const p = await signedIn();
    await p.goto(`${s.url}/#/usage`);
    const chart = p.getByTestId('credits-chart');
    await chart.waitFor();
    const month = past.toLocaleString('en', { month: 'short', year: '2-digit', timeZone: 'UTC' });
    const text = (await chart.textContent()) ?? '';
    assert.ok(text.includes(month), `the chart names ${month}`);
    assert.ok(text.includes('4.3K'), 'the month’s bar carries its total');
    assert.ok((await chart.locator('rect').count()) >= 1);
    await p.check('input[name=byApiKey]');
    await chart.locator('.legend', { hasText: 'TRAWL_API_KEY' }).waitFor();
    await p.context().close();
  });

  test('a monitor created on the page shows its checks and the diff of a change', async () => {
    const p = await signedIn();
    await p.goto(`${s.url}/#/monitors`);
    await p.fill('input[name=monitorName]', 'Skiff price');
    await p.fill('textarea[name=monitorUrls]', site.url('/prices'));
    await p.getByRole('button', { name: 'Create monitor' }).click();
    await p.waitForURL(/#\/monitors\/[^/]+$/);
    await p.locator('h2', { hasText: 'Skiff price' }).waitFor();

    const done = p.locator('table tr .badge.status-completed');
    await p.getByRole('button', { name: 'Check now' }).click();
    await done.first().waitFor();
    site.set('/prices', { html: page('Prices', '<h1>Prices</h1><p>The skiff net costs $59.</p>') });
    await p.getByRole('button', { name: 'Check now' }).click();
    await done.nth(1).waitFor();

    // Newest first: the second check saw the change.
    await p.locator('table tr').nth(1).locator('a').click();
    await p.locator('.check-page .badge', { hasText: 'changed' }).waitFor();
    assert.match((await p.locator('.diff .d-del').allTextContents()).join('\n'), /\$49/);
    assert.match((await p.locator('.diff .d-add').allTextContents()).join('\n'), /\$59/);
    await p.context().close();
  });

  test('a screen whose capability the server lacks says so', async () => {
    const p = await signedIn();
    await p.route('**/v2/monitor?*', (route) =>
      route.fulfill({
        status: 501,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'NOT_IMPLEMENTED', error: 'Monitors is not supported by this server' }),
      }),
    );
    await p.goto(`${s.url}/#/monitors`);
    const note = p.getByTestId('unavailable');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', /Not available on this server/);
    assert.equal(await p.locator('input[name=monitorName]').count(), 0);
    await p.context().close();
  });

  test('the sign-in page says where a key comes from', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(s.url + '/');
    const help = (await p.getByTestId('key-help').textContent()) ?? '';
    assert.match(help, /TRAWL_API_KEY/);
    assert.match(help, /trawl keys create --team NAME/);
    await context.close();
  });

  test('a page that answers 404 shows as an error, not as a normal document', async () => {
    const p = await signedIn();
    await p.goto(`${s.url}/#/playground/scrape`);
    await p.fill('input[name=url]', site.url('/gone'));
    await p.click('button[type=submit]');
    const alert = p.getByTestId('error-page');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /The page answered 404.*not the content you asked for/);
    assert.equal(await alert.getAttribute('role'), 'alert');
    await p.context().close();
  });

  test('the search tab says what it searches, and its snippets are plain text', async () => {
    assert.equal((await s.api('POST', '/v2/scrape', { url: site.url('/handbook'), maxAge: 0 })).status, 200);
    // The page reaches the index right after its scrape; wait until the API finds it.
    for (let i = 0; i < 50 && !(await s.api('POST', '/v2/search', { query: 'mending' })).body.data?.web?.length; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const p = await signedIn();
    await p.goto(`${s.url}/#/playground/search`);
    assert.match((await p.locator('section > p.muted').textContent()) ?? '', /this server’s own index \(the pages it has scraped or crawled\)/);
    await p.fill('input[name=query]', 'mending');
    await p.click('button[type=submit]');
    const snippet = p.locator('.hit .snippet').first();
    await snippet.waitFor();
    const text = (await snippet.textContent()) ?? '';
    assert.match(text, /introduction to mending/);
    assert.doesNotMatch(text, /\]\(|\*\*|---|\|/, `plain text, not markdown: ${text}`);
    await p.context().close();
  });

  test('feedback the team sent is listed under Usage', async () => {
    const scraped = await s.api('POST', '/v2/scrape', { url: site.url('/prices'), maxAge: 0 });
    const jobId = scraped.body.data.metadata.scrapeId;
    const sent = await s.api('POST', '/v2/feedback', { endpoint: 'scrape', jobId, rating: 'bad', missingContent: [{ topic: 'prices' }], note: 'The price table is missing' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const p = await signedIn();
    await p.goto(`${s.url}/#/usage`);
    const row = p.getByTestId('feedback-list').locator('tr', { hasText: 'The price table is missing' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /scrape.*bad/);
    await p.context().close();
  });

  describe('at phone width (390 px)', () => {
    async function phone(): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await context.addInitScript({ content: `localStorage.setItem('trawl.apiKey', ${JSON.stringify(s.key)})` });
      return context.newPage();
    }

    /** How many lines `selector`'s text takes: 1 when it is not broken. */
    const linesOf = (p: Page, selector: string) =>
      p.locator(selector).first().evaluate((el) => {
        const range = el.ownerDocument.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });

    /** The page's width including whatever sticks out sideways. */
    const pageWidth = (p: Page) => p.evaluate<number>('document.documentElement.scrollWidth');

    test('the navigation is one row that fits the screen, every screen still reachable by name', async () => {
      const p = await phone();
      await p.goto(`${s.url}/#/playground`);
      const links = p.getByTestId('nav-link');
      await links.first().waitFor();
      const boxes = await Promise.all((await links.all()).map((l) => l.boundingBox()));
      assert.equal(boxes.length, 6);
      const tops = new Set(boxes.map((b) => Math.round(b!.y)));
      assert.equal(tops.size, 1, `one row, not ${tops.size}`);
      for (const b of boxes) assert.ok(b!.x >= 0 && b!.x + b!.width <= 390, `inside the screen: ${JSON.stringify(b)}`);
      const signOut = await p.getByRole('button', { name: 'Sign out' }).boundingBox();
      const row = boxes[0]!;
      assert.ok(signOut && signOut.x + signOut.width <= 390, `sign out inside the screen: ${JSON.stringify(signOut)}`);
      assert.ok(signOut.y >= row.y && signOut.y + signOut.height <= row.y + row.height, 'sign out on the same row');
      assert.equal(await pageWidth(p), 390, 'nothing sticks out sideways');
      await p.getByRole('link', { name: 'API keys' }).click();
      await p.getByTestId('keys-table').waitFor();
      await p.context().close();
    });

    test('the keys table keeps "Revoke" and "active" on one line', async () => {
      const created = await s.api('POST', '/v2/team/keys', { name: 'phone-check' });
      assert.equal(created.status, 200);
      const p = await phone();
      await p.goto(`${s.url}/#/keys`);
      const row = p.locator(`tr[data-key-id="${created.body.data.id}"]`);
      await row.waitFor();
      assert.equal(await linesOf(p, `tr[data-key-id="${created.body.data.id}"] button.danger`), 1, 'Revoke on one line');
      assert.equal(await linesOf(p, `tr[data-key-id="${created.body.data.id}"] [data-testid=key-state]`), 1, 'active on one line');
      assert.equal(await row.getByTestId('key-state').textContent(), 'active');
      const revoke = await row.getByRole('button', { name: 'Revoke' }).boundingBox();
      assert.ok(revoke && revoke.x >= 0 && revoke.x + revoke.width <= 390, `Revoke is on the screen, not scrolled away: ${JSON.stringify(revoke)}`);
      assert.equal(await pageWidth(p), 390, 'nothing sticks out sideways');
      await p.context().close();
    });

    test('a scrape shows its page readable at phone width', async () => {
      const p = await phone();
      await p.goto(`${s.url}/#/playground/scrape`);
      await p.fill('input[name=url]', site.url('/'));
      await p.click('button[type=submit]');
      await p.locator('[data-testid=document] .markdown h1', { hasText: 'Trawl test shop' }).waitFor();
      assert.equal(await pageWidth(p), 390, 'nothing sticks out sideways');
      await p.context().close();
    });
  });

  test('on a server that refuses private targets, scraping one names TRAWL_ALLOW_PRIVATE_NETWORK', async () => {
    // The URL policy is process-wide: this strict server is the last one this file starts, and the policy is put back after it.
    const strict = await startTestServer({ TRAWL_ALLOW_PRIVATE_NETWORK: 'off' });
    try {
      const context = await browser.newContext();
      await context.addInitScript({ content: `localStorage.setItem('trawl.apiKey', ${JSON.stringify(strict.key)})` });
      const p = await context.newPage();
      await p.goto(`${strict.url}/#/playground/scrape`);
      await p.fill('input[name=url]', 'http://127.0.0.1:8099/');
      await p.click('button[type=submit]');
      await p.getByRole('alert').filter({ hasText: 'TRAWL_ALLOW_PRIVATE_NETWORK=on' }).waitFor();
      await context.close();
    } finally {
      await strict.close();
      setUrlPolicy({ allowLocalTargets: true });
    }
  });
});
