// Saves a PNG of every dashboard screen into docs/screenshots/, against a real
// Trawl and a small fixture site, with some usage, keys, a crawl and (where the
// server has them) monitors and a browser session seeded first.
//   node --import tsx web/scripts/screenshots.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { makeDocx } from '../../test/fixtures/documents/index.js';
import { startSite } from '../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../test/helpers/server.js';
import { ensureDashboardBuilt, launchChromium } from '../../test/web/dashboard.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const doc = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title} of the Fathom nets handbook"></head>` +
  `<body><nav><a href="/">Home</a> <a href="/guide/install">Install</a> <a href="/guide/configure">Configure</a> <a href="/blog/launch">Blog</a></nav>` +
  `<main>${body}</main><footer>© Fathom Nets</footer></body></html>`;

let price = '$49';
const pages = () => ({
  '/': {
    html: doc(
      'Fathom Nets — Handbook',
      `<h1>Fathom Nets handbook</h1>
       <p>Fathom makes <strong>fishing nets</strong> for small boats and big trawlers. This handbook covers
       installing, configuring and <em>repairing</em> them.</p>
       <h2>Start here</h2>
       <ul><li><a href="/guide/install">Install a net</a></li><li><a href="/guide/configure">Configure the mesh</a></li>
       <li><a href="/blog/launch">Launch notes</a></li></ul>
       <blockquote>Every net is tested at sea before it ships.</blockquote>
       <h2>Sizes</h2>
       <table><thead><tr><th>Model</th><th>Mesh</th><th>Price</th></tr></thead>
       <tbody><tr><td>Skiff</td><td>20 mm</td><td>${price}</td></tr><tr><td>Trawler</td><td>40 mm</td><td>$1,200</td></tr></tbody></table>`,
    ),
  },
  '/guide/install': {
    html: doc('Install a net', '<h1>Install a net</h1><p>Unroll the net on deck, tie the headrope to the floats.</p><pre><code>knot --type bowline --count 12</code></pre>'),
    delayMs: 400,
  },
  '/guide/configure': {
    html: doc('Configure the mesh', '<h1>Configure the mesh</h1><p>Pick the mesh for the catch: 20 mm for sardines, 40 mm for cod.</p>'),
    delayMs: 600,
  },
  '/blog/launch': {
    html: doc('Launch notes', '<h1>Launch notes</h1><p>The Trawler model is out, with a reinforced cod end.</p>'),
    delayMs: 800,
  },
});

async function seedUsage(s: TestServer, keyIds: string[]) {
  const team = await s.trawl.store.teams.findTeamByName('default');
  const now = new Date();
  for (let back = 5; back >= 1; back--) {
    const createdAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 12)).toISOString();
    for (const [i, apiKeyId] of keyIds.entries()) {
      const credits = Math.round((140 + 90 * (5 - back)) * (i === 0 ? 1 : 0.45));
      await s.trawl.store.ledger.record({ teamId: team!.id, apiKeyId, credits, tokens: credits * 15, kind: 'crawl', jobId: null, createdAt });
    }
  }
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  ensureDashboardBuilt();
  fs.mkdirSync(OUT, { recursive: true });
  const site = await startSite(pages());
  const s = await startTestServer();
  const browser = await launchChromium();
  try {
    // Keys: one for a robot, one revoked; usage over the last months per key.
    const robot = (await s.api('POST', '/v2/team/keys', { name: 'ci-robot' })).body.data;
    const old = (await s.api('POST', '/v2/team/keys', { name: 'old-laptop' })).body.data;
    await s.api('DELETE', `/v2/team/keys/${old.id}`);
    const own = (await s.api('GET', '/v2/team/keys')).body.data.find((k: any) => k.current);
    await seedUsage(s, [own.id, robot.id]);

    // Pages in the cache and the search index.
    const crawl = (await s.api('POST', '/v2/crawl', { url: site.url('/'), sitemap: 'skip', limit: 10 })).body;
    await until('the crawl', async () => ((await s.api('GET', `/v2/crawl/${crawl.id}`)).body.status === 'completed' ? true : undefined));

    // A monitor with two checks and a change between them, where the server has monitors.
    let monitorId: string | undefined;
    let checkId: string | undefined;
    const monitor = await s.api('POST', '/v2/monitor', {
      name: 'Fathom prices',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'scrape', urls: [site.url('/')] }],
    });
    if (monitor.status === 200) {
      monitorId = monitor.body.data.id as string;
      const check = async () => {
        const run = await s.api('POST', `/v2/monitor/${monitorId}/run`, {});
        const id = run.body.id as string;
        await until('a monitor check', async () => {
          const c = (await s.api('GET', `/v2/monitor/${monitorId}/checks/${id}`)).body.data;
          return ['completed', 'partial', 'failed'].includes(c?.status) ? true : undefined;
        });
        return id;
      };
      await check();
      price = '$59';
      site.set('/', pages()['/']);
      checkId = await check();
    }

    // A live browser session, where the server has them.
    const session = await s.api('POST', '/v2/browser', { ttl: 300 });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await context.newPage();
    const shot = async (name: string, page: Page = p) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
      console.log(`docs/screenshots/${name}.png`);
    };

    await p.goto(s.url + '/');
    await p.locator('input[name=apiKey]').waitFor();
    await shot('sign-in');
    await p.fill('input[name=apiKey]', s.key);
    await p.click('button[type=submit]');
    await p.getByRole('link', { name: 'Playground' }).waitFor();

    await p.goto(`${s.url}/#/playground/scrape`);
    await p.fill('input[name=url]', site.url('/'));
    await p.check('input[name=format-links]');
    await p.click('button[type=submit]');
    await p.locator('[data-testid=document] .markdown h1').waitFor();
    await shot('playground-scrape');

    await p.goto(`${s.url}/#/playground/map`);
    await p.fill('input[name=url]', site.url('/'));
    await p.click('button[type=submit]');
    await p.locator('table.table').waitFor();
    await shot('playground-map');

    // The local search index holds the pages scraped so far.
    await p.goto(`${s.url}/#/playground/search`);
    await p.fill('input[name=query]', 'mesh nets');
    await p.click('button[type=submit]');
    await p.locator('.hit, .note').first().waitFor();
    await shot('playground-search');

    await p.goto(`${s.url}/#/playground/extract`);
    await p.fill('textarea[name=urls]', site.url('/'));
    await p.fill('textarea[name=prompt]', 'The net models with their mesh size and price');
    await p.click('button[type=submit]');
    await p.locator('.result .card, .result .note.error, .result .note.unavailable').first().waitFor({ timeout: 60_000 });
    await shot('playground-extract');

    await p.goto(`${s.url}/#/playground/parse`);
    await p.setInputFiles('input[name=file]', {
      name: 'annual-report.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx({ title: 'Annual Report' }),
    });
    await p.click('button[type=submit]');
    await p.locator('[data-testid=document] .markdown h1').waitFor();
    await shot('playground-parse');

    await p.goto(`${s.url}/#/playground/crawl`);
    await p.fill('input[name=url]', site.url('/'));
    await p.selectOption('select[name=sitemap]', 'skip');
    await shot('playground-crawl');
    await p.click('button[type=submit]');
    await p.locator('[data-testid=job-progress][data-status=completed]').waitFor();
    await p.getByRole('button', { name: /^Configure the mesh/ }).click();
    await p.locator('[data-testid=document] .markdown h1').waitFor();
    await shot('job');

    await p.goto(`${s.url}/#/jobs`);
    await p.locator('h3', { hasText: 'Running crawls' }).waitFor();
    await shot('jobs');

    await p.goto(`${s.url}/#/usage`);
    await p.getByTestId('credits-chart').waitFor();
    await p.check('input[name=byApiKey]');
    await p.locator('.legend').first().waitFor();
    await shot('usage');

    await p.goto(`${s.url}/#/keys`);
    await p.fill('input[name=keyName]', 'staging');
    await p.getByRole('button', { name: 'Create key' }).click();
    await p.getByTestId('new-key').waitFor();
    await shot('keys');

    await p.goto(`${s.url}/#/monitors`);
    await p.locator('h2', { hasText: 'Monitors' }).waitFor();
    await p.waitForLoadState('networkidle');
    await shot('monitors');
    if (monitorId && checkId) {
      await p.goto(`${s.url}/#/monitors/${monitorId}/checks/${checkId}`);
      await p.locator('.check-page').first().waitFor();
      await shot('monitor-check');
    }

    await p.goto(`${s.url}/#/browser`);
    await p.locator('h2', { hasText: 'Browser sessions' }).waitFor();
    await p.waitForLoadState('networkidle').catch(() => undefined);
    if (session.status === 200) {
      await p.locator('iframe.live-view').waitFor();
      await p.fill('textarea[name=code]', `await page.goto(${JSON.stringify(site.url('/guide/install'))});\nconsole.log(await page.title());`);
      await p.getByRole('button', { name: 'Run', exact: true }).click();
      await p.locator('.output').waitFor({ timeout: 60_000 });
      await p.waitForTimeout(1500);
    }
    await shot('browser');
    if (session.status === 200) await s.api('DELETE', `/v2/browser/${session.body.id}`);

    // A page that answers 404 is shown as an error page.
    await p.goto(`${s.url}/#/playground/scrape`);
    await p.fill('input[name=url]', site.url('/guide/missing'));
    await p.click('button[type=submit]');
    await p.getByTestId('error-page').waitFor();
    await shot('playground-error-page');
    await context.close();

    // At phone width (390 px).
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const m = await phone.newPage();
    await m.goto(s.url + '/');
    await m.locator('input[name=apiKey]').waitFor();
    await shot('phone-sign-in', m);
    await m.fill('input[name=apiKey]', s.key);
    await m.click('button[type=submit]');
    await m.goto(`${s.url}/#/playground/scrape`);
    await m.fill('input[name=url]', site.url('/'));
    await m.click('button[type=submit]');
    await m.locator('[data-testid=document] .markdown h1').waitFor();
    await shot('phone-playground-scrape', m);
    await m.goto(`${s.url}/#/keys`);
    await m.getByTestId('keys-table').waitFor();
    await shot('phone-keys', m);
    await phone.close();
  } finally {
    await browser.close();
    await s.close();
    await site.close();
  }
}

await main();
