import assert from 'node:assert/strict';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OTHER_KEY = 'fc-0000000000000000000000000000beef';

const COUNTER = `<!doctype html><title>Counter</title>
<button id="inc" onclick="document.getElementById('count').textContent = Number(document.getElementById('count').textContent) + 1">+1</button>
<span id="count">0</span>`;

async function sdkError(promise: Promise<unknown>): Promise<SdkError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SdkError, `expected an SdkError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

describe('browser sessions through the official JS SDK and Playwright', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;

  before(async () => {
    s = await startTestServer({ TRAWL_BROWSER_SESSIONS_PER_TEAM: '2', TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    site = await startSite({
      '/hello': { html: '<!doctype html><title>Hello from the fixture</title><h1>Welcome aboard</h1>' },
      '/counter': { html: COUNTER },
      '/viewport': { html: '<meta name="viewport" content="width=device-width"><title>vp</title><p id="w"></p><script>document.getElementById("w").textContent = innerWidth</script>' },
    });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('browser() opens a session that Playwright drives over cdpUrl, and listBrowsers() shows it', async () => {
    const asked = Date.now();
    const created = await fc.browser({ ttl: 120, activityTtl: 60 });
    const answered = Date.now();
    assert.equal(created.success, true);
    assert.ok(created.id);
    assert.match(created.cdpUrl!, new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v2/browser/${created.id}/cdp\\?token=`));
    const expiresAt = Date.parse(created.expiresAt!);
    assert.ok(
      expiresAt >= asked + 120_000 && expiresAt <= answered + 120_000,
      `expiresAt is the ttl after the session opened (${created.expiresAt})`,
    );

    const browser = await chromium.connectOverCDP(created.cdpUrl!);
    try {
      const page = browser.contexts()[0]!.pages()[0]!;
      await page.goto(site.url('/hello'));
      assert.equal(await page.title(), 'Hello from the fixture');
      assert.equal(await page.textContent('h1'), 'Welcome aboard');
      // The metadata address stays closed even where private networks are open (as in these tests).
      const metadata = await page.goto('http://169.254.169.254/latest/meta-data/');
      assert.equal(metadata?.status(), 403);
      await assert.rejects(page.goto('file:///etc/passwd'), /refused by Trawl/);
    } finally {
      await browser.close();
    }

    const listed = await fc.listBrowsers({ status: 'active' });
    const mine = listed.sessions!.find((x) => x.id === created.id);
    assert.ok(mine, 'the new session is listed as active');
    for (const field of ['id', 'status', 'cdpUrl', 'liveViewUrl', 'streamWebView', 'createdAt', 'lastActivity'] as const) {
      assert.notEqual(mine[field], undefined, `${field} is present`);
    }
    assert.equal(mine.status, 'active');
    assert.ok(Date.parse(mine.lastActivity) > Date.parse(mine.createdAt), 'DevTools commands count as activity');

    const ended = await fc.deleteBrowser(created.id!);
    assert.equal(ended.success, true);
    assert.equal(ended.status, 'destroyed');
    assert.ok(ended.sessionDurationMs! > 0);
    assert.equal(ended.creditsBilled, 2, 'a session under a minute is billed one minute at 2 credits');
    const destroyed = await fc.listBrowsers({ status: 'destroyed' });
    assert.ok(destroyed.sessions!.some((x) => x.id === created.id && x.status === 'destroyed'));
    assert.ok(!(await fc.listBrowsers({ status: 'active' })).sessions!.some((x) => x.id === created.id));
    const gone = await sdkError(fc.browserExecute(created.id!, { code: 'title', language: 'bash' }));
    assert.equal(gone.status, 410);
  });

  test('cdpUrl refuses a wrong key and another team, and takes the right key as a header or ?key=', async () => {
    const created = await fc.browser({});
    try {
      const bare = created.cdpUrl!.split('?')[0]!;
      await assert.rejects(chromium.connectOverCDP(`${bare}?key=fc-wrong`), /401/);
      await assert.rejects(chromium.connectOverCDP(bare), /401/);
      await assert.rejects(chromium.connectOverCDP(`${bare}?key=${OTHER_KEY}`), /403/);
      const forged = created.cdpUrl!.replace(/token=[^.]+\.(.)/, (m, c: string) => m.slice(0, -1) + (c === 'A' ? 'B' : 'A'));
      await assert.rejects(chromium.connectOverCDP(forged), /401/);
      for (const connect of [
        () => chromium.connectOverCDP(`${bare}?key=${s.key}`),
        () => chromium.connectOverCDP(bare, { headers: { Authorization: `Bearer ${s.key}` } }),
      ]) {
        const browser: Browser = await connect();
        assert.equal(browser.contexts().length, 1);
        await browser.close();
      }
    } finally {
      await fc.deleteBrowser(created.id!);
    }
  });

  test('a client closing the browser over DevTools ends the session', async () => {
    const created = await fc.browser({});
    const browser = await chromium.connectOverCDP(created.cdpUrl!);
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.close').catch(() => undefined);
    for (let i = 0; i < 100; i++) {
      const listed = await fc.listBrowsers({ status: 'destroyed' });
      if (listed.sessions!.some((x) => x.id === created.id)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail('the session was not ended when its browser closed');
  });

  test('browserExecute() runs node with Playwright`s page, and bash commands, in the same page', async () => {
    const created = await fc.browser({});
    try {
      const bash = await fc.browserExecute(created.id!, { code: `open ${site.url('/hello')}\ntitle`, language: 'bash' });
      assert.equal(bash.success, true);
      assert.equal(bash.exitCode, 0);
      assert.match(bash.stdout!, /Hello from the fixture/);
      const node = await fc.browserExecute(created.id!, {
        code: 'console.log("url", page.url()); return await page.textContent("h1");',
        language: 'node',
      });
      assert.equal(node.exitCode, 0, node.stderr);
      assert.equal(node.killed, false);
      assert.match(node.stdout!, new RegExp(`url ${site.url('/hello').replace(/[/.?]/g, '\\$&')}`));
      assert.equal(node.output, 'Welcome aboard');
      const file = await fc.browserExecute(created.id!, { code: 'await page.goto("file:///etc/passwd"); return await page.content();', language: 'node' });
      assert.notEqual(file.exitCode, 0);
      assert.match(file.error ?? file.stderr!, /refused by Trawl/);
      assert.doesNotMatch(file.stdout! + file.output, /root:/);
      const metadata = await fc.browserExecute(created.id!, {
        code: 'const r = await page.goto("http://169.254.169.254/latest/meta-data/"); return r.status();',
        language: 'node',
      });
      assert.equal(metadata.output, '403', 'the metadata address is refused by the egress proxy');
    } finally {
      await fc.deleteBrowser(created.id!);
    }
  });

  test('python answers 501 and prompt answers 501 without an LLM', async () => {
    const created = await fc.browser({});
    try {
      const python = await sdkError(fc.browserExecute(created.id!, { code: 'print(1)', language: 'python' }));
      assert.equal(python.status, 501);
      const scraped = await fc.scrape(site.url('/hello'), { formats: ['markdown'] });
      const prompt = await sdkError(fc.interact(scraped.metadata!.scrapeId!, { prompt: 'click the button' }));
      assert.equal(prompt.status, 501);
      assert.match(prompt.message, /LLM/);
    } finally {
      await fc.deleteBrowser(created.id!);
    }
  });

  test('a team past its session limit gets 429 until it ends one', async () => {
    const a = await fc.browser({});
    const b = await fc.browser({});
    const refused = await sdkError(fc.browser({}));
    assert.equal(refused.status, 429);
    assert.match(refused.message, /Too many active browser sessions/);
    await fc.deleteBrowser(a.id!);
    const c = await fc.browser({});
    await fc.deleteBrowser(b.id!);
    await fc.deleteBrowser(c.id!);
  });

  test('the live view page shows the session`s page as it changes', async () => {
    const created = await fc.browser({});
    const viewer = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
    try {
      await fc.browserExecute(created.id!, { code: `open ${site.url('/hello')}`, language: 'bash' });
      const page = await viewer.newPage();
      const answer = await page.goto(created.liveViewUrl!);
      assert.equal(answer?.status(), 200);
      // Strings: these run in the viewer page, whose DOM types the tests do not compile against.
      const screen = 'document.getElementById("screen")';
      await page.waitForFunction(`Number(${screen}.dataset.frames ?? 0) >= 1 && ${screen}.naturalWidth > 0`, undefined, { timeout: 20_000 });
      const first = Number(await page.getAttribute('#screen', 'data-frames'));
      await fc.browserExecute(created.id!, { code: `open ${site.url('/counter')}`, language: 'bash' });
      await page.waitForFunction(`Number(${screen}.dataset.frames) > ${first}`, undefined, { timeout: 20_000 });
      const withoutToken = await fetch(created.liveViewUrl!.split('?')[0]!);
      assert.equal(withoutToken.status, 401);
    } finally {
      await viewer.close();
      await fc.deleteBrowser(created.id!);
    }
  });

  test('interact() continues a scrape in a live page, so state carries over, until stopInteraction()', async () => {
    const scraped = await fc.scrape(site.url('/counter'), { formats: ['markdown'] });
    const jobId = scraped.metadata!.scrapeId!;
    const click = 'await page.click("#inc"); return await page.textContent("#count");';
    const first = await fc.interact(jobId, { code: click, language: 'node' });
    assert.equal(first.success, true);
    assert.equal(first.output, '1', first.stderr);
    assert.match(first.cdpUrl!, /^ws:\/\//);
    const second = await fc.interact(jobId, { code: click, language: 'node' });
    assert.equal(second.output, '2', 'the second call clicks in the same page');
    const listed = await fc.listBrowsers({ status: 'active' });
    assert.ok(listed.sessions!.some((x) => (x as { scrapeId?: string }).scrapeId === jobId));

    const stopped = await fc.stopInteraction(jobId);
    assert.equal(stopped.success, true);
    assert.ok(stopped.sessionDurationMs! > 0);
    assert.equal(stopped.creditsBilled, 2);
    const after = await sdkError(fc.interact(jobId, { code: click, language: 'node' }));
    assert.equal(after.status, 410);
  });

  test('interact() replays the scrape`s options (here a phone viewport) and answers 404/403 as the contract says', async () => {
    const scraped = await fc.scrape(site.url('/viewport'), { formats: ['markdown'], mobile: true });
    const jobId = scraped.metadata!.scrapeId!;
    const width = await fc.interact(jobId, { code: 'text #w', language: 'bash' });
    assert.equal(width.stdout!.trim(), '412');
    const other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
    assert.equal((await sdkError(other.interact(jobId, { code: 'title', language: 'bash' }))).status, 403);
    assert.equal((await sdkError(fc.interact('5c1a4b8e-0000-4000-8000-000000000000', { code: 'title', language: 'bash' }))).status, 404);
    await fc.stopInteraction(jobId);
  });
});
