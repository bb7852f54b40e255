import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { BadRequestError, type MonitorCheckDetail, NotFoundError, Trawl } from '../src/index.js';

const pricePage = (price: string) =>
  `<!doctype html><html><head><title>Pricing</title></head><body><main><h1>Pricing</h1><p>The basic plan costs ${price} per month.</p></main></body></html>`;

describe('@trawl/sdk: monitors', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;
  let price = '10 EUR';

  before(async () => {
    site = await startSite({
      '/pricing': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(pricePage(price)),
      '/about': { html: '<html><body><main><h1>About</h1><p>Kettles since 1990.</p></main></body></html>' },
      '/team': { html: '<html><body><main><h1>Team</h1><p>Three people.</p></main></body></html>' },
    });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  async function checked(monitorId: string, checkId: string): Promise<MonitorCheckDetail> {
    for (;;) {
      const check = await trawl.getMonitorCheck(monitorId, checkId);
      if (check.status !== 'queued' && check.status !== 'running') return check;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  test('create, list, read, update, run, see a change, read a check page by page, delete', async () => {
    const urls = [site.url('/pricing'), site.url('/about'), site.url('/team')];
    const created = await trawl.createMonitor({ name: 'Pricing watch', schedule: { cron: '0 * * * *' }, targets: [{ type: 'scrape', urls }] });
    assert.equal(created.name, 'Pricing watch');
    assert.equal(created.status, 'active');
    assert.deepEqual({ cron: created.schedule.cron, timezone: created.schedule.timezone }, { cron: '0 * * * *', timezone: 'UTC' });
    assert.match(created.targets[0]!.id!, /^[0-9a-f-]{36}$/);

    assert.deepEqual((await trawl.listMonitors()).map((m) => m.id), [created.id]);
    assert.equal((await trawl.getMonitor(created.id)).name, 'Pricing watch');
    const paused = await trawl.updateMonitor(created.id, { status: 'paused', name: 'Pricing (paused)' });
    assert.equal(paused.status, 'paused');
    assert.equal((await trawl.getMonitor(created.id)).name, 'Pricing (paused)');

    const run1 = await trawl.runMonitor(created.id);
    assert.equal(run1.trigger, 'manual');
    assert.equal(run1.monitorId, created.id);
    const first = await checked(created.id, run1.id);
    assert.equal(first.status, 'completed', JSON.stringify(first));
    assert.deepEqual(first.summary, { totalPages: 3, same: 0, changed: 0, new: 3, removed: 0, error: 0 });

    price = '12 EUR';
    const run2 = await trawl.runMonitor(created.id);
    const second = await checked(created.id, run2.id);
    assert.equal(second.summary.changed, 1);
    const changed = second.pages.find((p) => p.status === 'changed')!;
    assert.equal(changed.url, site.url('/pricing'));
    assert.match(changed.diff!.text!, /^\+The basic plan costs 12 EUR per month\.$/m);

    // One page per response: the client follows `next` to gather all three, unless told not to.
    const paged = await trawl.getMonitorCheck(created.id, run2.id, { limit: 1 });
    assert.deepEqual(paged.pages.map((p) => p.url).sort(), [...urls].sort());
    const firstOnly = await trawl.getMonitorCheck(created.id, run2.id, { limit: 1, autoPaginate: false });
    assert.equal(firstOnly.pages.length, 1);
    assert.match(firstOnly.next ?? '', /skip=1/);
    const onlyChanged = await trawl.getMonitorCheck(created.id, run2.id, { status: 'changed' });
    assert.deepEqual(onlyChanged.pages.map((p) => p.url), [site.url('/pricing')]);

    const checks = await trawl.listMonitorChecks(created.id);
    assert.deepEqual(checks.map((c) => c.id), [run2.id, run1.id], 'newest first');
    assert.deepEqual((await trawl.listMonitorChecks(created.id, { limit: 1, offset: 1 })).map((c) => c.id), [run1.id]);

    assert.equal(await trawl.deleteMonitor(created.id), true);
    // §12.7 allows either: gone, or kept as "deleted".
    const gone = await trawl.getMonitor(created.id).catch((e: unknown) => e);
    assert.ok(gone instanceof NotFoundError || (gone as { status?: string }).status === 'deleted', JSON.stringify(gone));
    assert.deepEqual(await trawl.listMonitors(), []);
  });

  test('an invalid schedule is a BadRequestError', async () => {
    const err = await trawl.createMonitor({ name: 'x', schedule: { cron: '* * * * *' }, targets: [{ type: 'scrape', urls: [site.url('/about')] }] }).catch((e: unknown) => e);
    assert.ok(err instanceof BadRequestError, String(err));
    assert.equal(err.status, 400);
  });
});
