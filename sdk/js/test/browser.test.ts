import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { NotFoundError, Trawl, TrawlError } from '../src/index.js';

const COUNTER = `<!doctype html><title>Counter</title>
<button id="inc" onclick="document.getElementById('count').textContent = Number(document.getElementById('count').textContent) + 1">+1</button>
<span id="count">0</span>`;

describe('@trawl/sdk: browser sessions and interact', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    site = await startSite({
      '/hello': { html: '<!doctype html><title>Hello from the fixture</title><h1>Welcome aboard</h1>' },
      '/counter': { html: COUNTER },
    });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('browser(), browserExecute(), listBrowsers(), deleteBrowser()', async () => {
    const created = await trawl.browser({ ttl: 120, activityTtl: 60 });
    assert.match(created.id, /\S/);
    assert.match(created.cdpUrl ?? '', /^wss?:\/\//);
    try {
      const ran = await trawl.browserExecute(created.id, {
        code: `await page.goto(${JSON.stringify(site.url('/hello'))}); console.log(await page.title()); return await page.textContent("h1");`,
        language: 'node',
        timeout: 60,
      });
      assert.equal(ran.exitCode, 0, ran.stderr);
      assert.match(ran.stdout ?? '', /Hello from the fixture/);
      assert.equal(ran.output, 'Welcome aboard');

      const active = await trawl.listBrowsers({ status: 'active' });
      assert.ok(active.sessions.some((x) => x.id === created.id && x.status === 'active'));
    } finally {
      const ended = await trawl.deleteBrowser(created.id);
      assert.equal(ended.status, 'destroyed');
    }
    const destroyed = await trawl.listBrowsers({ status: 'destroyed' });
    assert.ok(destroyed.sessions.some((x) => x.id === created.id));
    const gone = await trawl.browserExecute(created.id, { code: 'return 1', language: 'node' }).catch((e: unknown) => e);
    assert.ok(gone instanceof TrawlError);
    assert.equal(gone.status, 410);
  });

  test('interact() continues a scrape in its live page until stopInteraction()', async () => {
    const scraped = await trawl.scrape(site.url('/counter'));
    const jobId = scraped.metadata.scrapeId!;
    const click = 'await page.click("#inc"); return await page.textContent("#count");';
    assert.equal((await trawl.interact(jobId, { code: click, language: 'node' })).output, '1');
    assert.equal((await trawl.interact(jobId, { code: click, language: 'node' })).output, '2', 'the same page, state kept');
    const stopped = await trawl.stopInteraction(jobId);
    assert.equal(stopped.success, true);
    const after = await trawl.interact(jobId, { code: click, language: 'node' }).catch((e: unknown) => e);
    assert.ok(after instanceof TrawlError);
    assert.equal(after.status, 410);
  });

  test('an unknown session is a NotFoundError; interact without code or prompt is refused before sending', async () => {
    const err = await trawl.deleteBrowser('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    assert.ok(err instanceof NotFoundError, String(err));
    await assert.rejects(trawl.interact('x', {}), /give `code` or `prompt`/);
  });
});
