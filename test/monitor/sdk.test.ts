import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl, { SdkError } from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { signatureValid, startReceiver } from '../webhooks/receiver.js';
import { runCheck, waitForCheck } from './checks.js';
import { mailText, startSmtp } from './smtp.js';

const SECRET = 'monitor-signing-secret';

const pricePage = (price: string) =>
  `<!doctype html><html><head><title>Pricing</title></head><body><main><h1>Pricing</h1>
<p>The basic plan costs ${price} per month.</p><p>Cancel any time.</p></main></body></html>`;

const stockPage = (stock: string) =>
  `<!doctype html><html><head><title>Kettle</title></head><body><main><h1>Steel kettle</h1>
<p>Updated daily.</p><dl><dt>Price</dt><dd>20 EUR</dd><dt>Stock</dt><dd>${stock}</dd></dl></main></body></html>`;

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('monitors through the official JS SDK', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let price = '10 EUR';
  let stock = 'in stock';
  let holdPricing: Promise<void> | null = null;

  before(async () => {
    site = await startSite({
      '/pricing': async (_req, res) => {
        await holdPricing;
        res.writeHead(200, { 'content-type': 'text/html' }).end(pricePage(price));
      },
      '/about': { html: '<html><body><main><h1>About</h1><p>We make kettles since 1990.</p></main></body></html>' },
      '/kettle': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end(stockPage(stock));
      },
    });
    receiver = await startReceiver();
    smtp = await startSmtp();
    s = await startTestServer({ TRAWL_WEBHOOK_SECRET: SECRET, TRAWL_SMTP_URL: smtp.url, TRAWL_SMTP_FROM: 'Trawl <monitors@trawl.test>' });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s?.close();
    await site?.close();
    await receiver?.close();
    await smtp?.close();
  });

  test('create, read, run, detect a change, notify by webhook and e-mail, update, delete', async () => {
    const created = await fc.createMonitor({
      name: 'Pricing watch',
      schedule: { text: 'every 30 minutes', timezone: 'Europe/Berlin' },
      targets: [{ type: 'scrape', urls: [site.url('/pricing'), site.url('/about')] }],
      webhook: { url: receiver.url, metadata: { ref: 'pricing' } },
      notification: { email: { enabled: true, recipients: ['ops@example.com'], includeDiffs: true } },
    });
    assert.equal(created.name, 'Pricing watch');
    assert.equal(created.status, 'active');
    assert.deepEqual(created.schedule, { cron: '*/30 * * * *', text: 'every 30 minutes', timezone: 'Europe/Berlin' });
    assert.ok(Date.parse(created.nextRunAt!) > Date.now(), 'the next run is in the future');
    assert.equal(created.retentionDays, 30);
    const targetId = created.targets[0]!.id!;
    assert.match(targetId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(created.emailRecipientSubscriptions, [{ email: 'ops@example.com', status: 'confirmed', source: 'team' }]);

    assert.deepEqual((await fc.listMonitors()).map((m) => m.id), [created.id]);
    assert.equal((await fc.getMonitor(created.id)).name, 'Pricing watch');

    // First check: every page is new.
    const run1 = await fc.runMonitor(created.id);
    assert.equal(run1.trigger, 'manual');
    assert.equal(run1.monitorId, created.id);
    const check1 = await waitForCheck(fc, created.id, run1.id);
    assert.equal(check1.status, 'completed', JSON.stringify(check1));
    assert.deepEqual(check1.summary, { totalPages: 2, same: 0, changed: 0, new: 2, removed: 0, error: 0 });
    assert.deepEqual(check1.pages.map((p) => [p.url, p.status]), [[site.url('/pricing'), 'new'], [site.url('/about'), 'new']]);
    assert.equal(check1.pages[0]!.targetId, targetId);

    // Second check: nothing changed.
    const check2 = await runCheck(fc, created.id);
    assert.deepEqual(check2.summary, { totalPages: 2, same: 2, changed: 0, new: 0, removed: 0, error: 0 });
    assert.ok(check2.pages.every((p) => p.diff == null));

    // Third check: the price changed.
    price = '12 EUR';
    const check3 = await runCheck(fc, created.id);
    assert.equal(check3.summary.changed, 1);
    assert.equal(check3.summary.same, 1);
    const changed = check3.pages.find((p) => p.status === 'changed')!;
    assert.equal(changed.url, site.url('/pricing'));
    assert.match(changed.diff!.text!, /^-The basic plan costs 10 EUR per month\.$/m);
    assert.match(changed.diff!.text!, /^\+The basic plan costs 12 EUR per month\.$/m);
    assert.ok(Array.isArray((changed.diff!.json as { files: unknown[] }).files), 'markdown monitors carry the structured diff');
    assert.equal(changed.previousScrapeId, check2.pages.find((p) => p.url === changed.url)!.currentScrapeId);

    // Only the changed-pages filter, and the page-by-page reading the SDK follows through `next`.
    const onlyChanged = await fc.getMonitorCheck(created.id, check3.id, { status: 'changed' });
    assert.deepEqual(onlyChanged.pages.map((p) => p.url), [site.url('/pricing')]);
    const firstPage = await fc.getMonitorCheck(created.id, check3.id, { limit: 1, autoPaginate: false });
    assert.equal(firstPage.pages.length, 1);
    assert.match(firstPage.next!, /\/checks\/[0-9a-f-]+\?skip=1&limit=1$/);
    assert.equal((await fc.getMonitorCheck(created.id, check3.id, { limit: 1 })).pages.length, 2, 'the SDK follows next');

    // The webhook: a signed monitor.page with the diff, then monitor.check.completed, for the check.
    const pageEvent = await waitFor('the monitor.page delivery', () =>
      receiver.received.find((r) => r.body.type === 'monitor.page' && r.body.id === check3.id),
    );
    assert.ok(signatureValid(SECRET, pageEvent.raw, pageEvent.headers['x-firecrawl-signature']));
    assert.deepEqual(pageEvent.body.metadata, { ref: 'pricing' });
    const pageData = pageEvent.body.data[0];
    assert.equal(pageData.status, 'changed');
    assert.equal(pageData.monitorId, created.id);
    assert.equal(pageData.url, site.url('/pricing'));
    assert.match(pageData.diff.text, /\+The basic plan costs 12 EUR per month\./);
    const completed = await waitFor('the monitor.check.completed delivery', () =>
      receiver.received.find((r) => r.body.type === 'monitor.check.completed' && r.body.id === check3.id),
    );
    assert.equal(completed.body.success, true);
    assert.deepEqual(completed.body.data[0].summary, check3.summary);
    assert.ok(receiver.received.indexOf(pageEvent) < receiver.received.indexOf(completed), 'pages come before the end');
    // The unchanged check told only that it completed.
    assert.deepEqual(
      receiver.received.filter((r) => r.body.id === check2.id).map((r) => r.body.type),
      ['monitor.check.completed'],
    );

    // The e-mail: one for the first check (new pages), one for the change, none for the quiet check.
    const mails = await waitFor('two e-mails', () => (smtp.mails.length >= 2 ? smtp.mails : undefined));
    assert.equal(mails.length, 2);
    const mail = mails[1]!;
    assert.deepEqual(mail.to, ['ops@example.com']);
    assert.equal(mail.from, 'monitors@trawl.test');
    assert.match(mail.raw, /^Subject: \[Trawl\] Pricing watch: 1 changed, 0 new, 0 removed/m);
    const text = mailText(mail.raw);
    assert.match(text, /\[changed\] http:\/\/127\.0\.0\.1:\d+\/pricing/);
    assert.match(text, /^-The basic plan costs 10 EUR per month\.\r?$/m);
    assert.match(text, /^\+The basic plan costs 12 EUR per month\.\r?$/m);
    assert.doesNotMatch(text, /\/about/, 'unchanged pages are left out');

    // Checks, newest first, with the status filter.
    const checks = await fc.listMonitorChecks(created.id);
    assert.deepEqual(checks.map((c) => c.id), [check3.id, check2.id, check1.id]);
    assert.deepEqual(checks[0]!.notificationStatus, { webhook: 'queued', email: 'sent' });
    assert.deepEqual((await fc.listMonitorChecks(created.id, { limit: 1, offset: 1 })).map((c) => c.id), [check2.id]);
    const monitor = await fc.getMonitor(created.id);
    assert.deepEqual(monitor.lastCheckSummary, check3.summary);
    assert.ok(monitor.lastRunAt);
    assert.equal(monitor.currentCheckId, null);

    // Update: pause and rename; the schedule stops, the targets keep their ids.
    const paused = await fc.updateMonitor(created.id, { status: 'paused', name: 'Pricing (paused)' });
    assert.equal(paused.status, 'paused');
    assert.equal(paused.name, 'Pricing (paused)');
    assert.equal(paused.nextRunAt, null);
    const resumed = await fc.updateMonitor(created.id, {
      status: 'active',
      schedule: { cron: '0 9 * * 1', timezone: 'America/New_York' },
      targets: [{ type: 'scrape', urls: [site.url('/pricing'), site.url('/about')] }],
    });
    assert.equal(resumed.targets[0]!.id, targetId, 'the same target re-sent keeps its id and its history');
    assert.equal(resumed.schedule.cron, '0 9 * * 1');
    const next = new Date(resumed.nextRunAt!);
    assert.equal(next.getUTCDay(), 1);
    assert.ok([13, 14].includes(next.getUTCHours()), `9:00 in New York is ${next.toISOString()}`);

    // A manual run while a check runs is refused.
    let release!: () => void;
    holdPricing = new Promise<void>((r) => (release = r));
    const busy = await fc.runMonitor(created.id);
    await assert.rejects(fc.runMonitor(created.id), (err: SdkError) => err.status === 409 && /already running/.test(err.message));
    release();
    holdPricing = null;
    assert.equal((await waitForCheck(fc, created.id, busy.id)).summary.same, 2);

    // Delete: gone from the list, reads say deleted, runs are refused.
    assert.equal(await fc.deleteMonitor(created.id), true);
    assert.deepEqual(await fc.listMonitors(), []);
    assert.equal((await fc.getMonitor(created.id)).status, 'deleted');
    await assert.rejects(fc.runMonitor(created.id), (err: SdkError) => err.status === 404);
    await assert.rejects(fc.getMonitor('0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b'), (err: SdkError) => err.status === 404 && /Monitor not found/.test(err.message));
  });

  test('a json-mode monitor reports the changed fields and the current snapshot', async () => {
    const monitor = await fc.createMonitor({
      name: 'Kettle stock',
      schedule: { cron: '0 * * * *' },
      targets: [
        {
          type: 'scrape',
          urls: [site.url('/kettle')],
          scrapeOptions: {
            formats: [
              'markdown',
              { type: 'changeTracking', modes: ['json'], schema: { type: 'object', properties: { price: { type: 'string' }, stock: { type: 'string' } } } },
            ],
          },
        },
      ],
    });
    assert.equal(monitor.schedule.timezone, 'UTC');
    const first = await runCheck(fc, monitor.id);
    assert.equal(first.pages[0]!.status, 'new', JSON.stringify(first));
    assert.deepEqual(first.pages[0]!.snapshot, { json: { price: '20 EUR', stock: 'in stock' } });

    stock = 'sold out';
    const second = await runCheck(fc, monitor.id);
    const page = second.pages[0]!;
    assert.equal(page.status, 'changed');
    assert.deepEqual(page.diff, { json: { stock: { previous: 'in stock', current: 'sold out' } } });
    assert.deepEqual(page.snapshot, { json: { price: '20 EUR', stock: 'sold out' } });
  });

  test('bad monitors are refused with the reason', async () => {
    const bad = async (body: unknown) => {
      const r = await s.api('POST', '/v2/monitor', body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      return r.body.error as string;
    };
    const target = [{ type: 'scrape', urls: [site.url('/about')] }];
    assert.match(await bad({ name: 'x', schedule: { cron: '* * * * *' }, targets: target }), /5 minutes/);
    assert.match(await bad({ name: 'x', schedule: { cron: '*/5 * * * *' }, targets: [] }), /targets/i);
    assert.match(
      await bad({ name: 'x', schedule: { cron: '*/5 * * * *' }, targets: target, notification: { email: { enabled: true } } }),
      /recipients/,
    );
    assert.match(await bad({ name: 'x', schedule: { cron: '*/5 * * * *' }, targets: [{ type: 'search', queries: ['kettles'] }] }), /goal/);
  });
});
