import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { chromium } from 'playwright-core';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// One button covering the whole page, and a text field under it once clicked: any click lands.
const PAD = `<!doctype html><title>Pad</title>
<style>body{margin:0} #pad{position:fixed;inset:0;width:100vw;height:100vh;font-size:40px}</style>
<button id="pad" onclick="this.dataset.n = Number(this.dataset.n || 0) + 1; this.textContent = 'clicks ' + this.dataset.n; document.getElementById('box').focus()">clicks 0</button>
<input id="box" style="position:fixed;top:0;left:0;width:10px;opacity:0.01">`;

const SCREEN = 'document.getElementById("screen")';

describe('interactiveLiveViewUrl: a live view whose clicks and keys reach the page', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;

  before(async () => {
    s = await startTestServer();
    site = await startSite({ '/pad': { html: PAD } });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('browser sessions and interact sessions carry it beside liveViewUrl', async () => {
    const created = await fc.browser({});
    try {
      assert.match((created as { interactiveLiveViewUrl?: string }).interactiveLiveViewUrl!, new RegExp(`/v2/browser/${created.id}/live\\?token=`));
      assert.notEqual((created as { interactiveLiveViewUrl?: string }).interactiveLiveViewUrl, created.liveViewUrl);
    } finally {
      await fc.deleteBrowser(created.id!);
    }
    const scraped = await fc.scrape(site.url('/pad'), { formats: ['markdown'] });
    const jobId = scraped.metadata!.scrapeId!;
    const res = await fc.interact(jobId, { code: 'title', language: 'bash' });
    assert.match((res as { interactiveLiveViewUrl?: string }).interactiveLiveViewUrl ?? '', /\/live\?token=/);
    await fc.stopInteraction(jobId);
  });

  test('a click and typing in the interactive view act on the page; the read-only view ignores them', async () => {
    const created = await fc.browser({});
    const viewer = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
    const clicks = async () => (await fc.browserExecute(created.id!, { code: 'return await page.textContent("#pad")', language: 'node' })).output;
    try {
      await fc.browserExecute(created.id!, { code: `open ${site.url('/pad')}`, language: 'bash' });
      const open = async (url: string) => {
        const page = await viewer.newPage({ viewport: { width: 640, height: 400 } });
        assert.equal((await page.goto(url))?.status(), 200);
        await page.waitForFunction(`Number(${SCREEN}.dataset.frames ?? 0) >= 1 && ${SCREEN}.naturalWidth > 0`, undefined, { timeout: 20_000 });
        return page;
      };

      const readOnly = await open(created.liveViewUrl!);
      await readOnly.click('#screen');
      assert.equal(await clicks(), 'clicks 0', 'the read-only view only watches');

      const live = await open((created as { interactiveLiveViewUrl?: string }).interactiveLiveViewUrl!);
      assert.equal(await live.textContent('#status'), 'Live (interactive)');
      await live.click('#screen');
      for (let i = 0; i < 100 && (await clicks()) !== 'clicks 1'; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(await clicks(), 'clicks 1');

      await live.keyboard.type('ok');
      await live.keyboard.press('Backspace');
      const typed = async () => (await fc.browserExecute(created.id!, { code: 'return await page.inputValue("#box")', language: 'node' })).output;
      for (let i = 0; i < 100 && (await typed()) !== 'o'; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(await typed(), 'o');
    } finally {
      await viewer.close();
      await fc.deleteBrowser(created.id!);
    }
  });
});
