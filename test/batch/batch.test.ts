import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { slowPage, until, waitForBatch } from './helpers.js';

const OTHER_KEY = 'fc-0000000000000000000000000000cafe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('batch scrape (§8) with the real scraper', () => {
  let s: TestServer;
  let site: Site;
  let refused: string;
  const asOther = { authorization: `Bearer ${OTHER_KEY}` };
  const page = (title: string) => ({ html: `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>About ${title}.</p></body></html>` });

  before(async () => {
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    site = await startSite({
      '/a': page('A'),
      '/b': page('B'),
      '/c': page('C'),
      '/gone': { status: 404, html: '<h1>Nothing here</h1>' },
    });
    // A port with nothing listening: bound, then closed.
    const closed = await startSite();
    refused = closed.url('/down');
    await closed.close();
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  const start = (body: unknown, headers?: Record<string, string>) => s.api('POST', '/v2/batch/scrape', body, headers);

  test('starts with {success, id, url, invalidURLs} and scrapes each URL into a Document, options flattened', async () => {
    const hostless = site.url('/b').replace('http://', '');
    const r = await start({ urls: [site.url('/a'), hostless, 'not a url', 'ftp://x.test/'], formats: ['markdown', 'html'] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.match(r.body.id, UUID);
    assert.equal(r.body.url, `${s.url}/v2/batch/scrape/${r.body.id}`);
    assert.deepEqual(r.body.invalidURLs, ['not a url', 'ftp://x.test/']);

    const done = await waitForBatch(s, r.body.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.total, 2);
    assert.equal(done.completed, 2);
    assert.equal(done.creditsUsed, 2);
    const byTitle = new Map(done.data.map((d: any) => [d.metadata.title, d]));
    const a: any = byTitle.get('A');
    const b: any = byTitle.get('B');
    assert.match(a.markdown, /# A/);
    assert.match(a.html, /<h1>A<\/h1>/);
    assert.equal(a.metadata.sourceURL, site.url('/a'));
    assert.equal(b.metadata.sourceURL, hostless, 'the URL as sent');
    assert.equal(b.metadata.url, site.url('/b'));
    assert.match(a.metadata.scrapeId, UUID);
    assert.notEqual(a.metadata.scrapeId, b.metadata.scrapeId);
    const task = await s.trawl.store.tasks.get(a.metadata.scrapeId);
    assert.equal(task?.jobId, r.body.id, 'each page is a task whose id is the scrapeId');
  });

  test('invalidURLs is left out when invalid URLs are refused; no valid URL at all is a 400', async () => {
    const strict = await start({ urls: [site.url('/c')], ignoreInvalidURLs: false });
    assert.equal(strict.status, 200);
    assert.equal('invalidURLs' in strict.body, false);
    await waitForBatch(s, strict.body.id);

    const refusedAll = await start({ urls: ['not a url', 'ftp://x.test/'] });
    assert.equal(refusedAll.status, 400);
    assert.equal(refusedAll.body.success, false);
    assert.match(refusedAll.body.error, /None of the 2 URLs is valid/);
    const strictInvalid = await start({ urls: [site.url('/c'), 'ftp://x.test/'], ignoreInvalidURLs: false });
    assert.equal(strictInvalid.status, 400);
    assert.equal(strictInvalid.body.code, 'BAD_REQUEST');
  });

  test('a 404 page is a Document with statusCode 404; a refused connection is an error with its code, not retried', async () => {
    const r = await start({ urls: [site.url('/gone'), refused, site.url('/a')] });
    const done = await waitForBatch(s, r.body.id);
    assert.equal(done.status, 'completed', 'every URL finished, one of them failed');
    assert.equal(done.total, 3);
    assert.equal(done.completed, 2);
    const gone = done.data.find((d: any) => d.metadata.sourceURL === site.url('/gone'));
    assert.equal(gone.metadata.statusCode, 404);
    assert.equal(typeof gone.metadata.error, 'string');

    const errors = await s.api('GET', `/v2/batch/scrape/${r.body.id}/errors`);
    assert.equal(errors.status, 200);
    assert.deepEqual(errors.body.robotsBlocked, []);
    assert.equal(errors.body.errors.length, 1);
    const [e] = errors.body.errors;
    assert.equal(e.url, refused);
    assert.equal(e.code, 'SCRAPE_SITE_ERROR');
    assert.match(e.error, /ECONNREFUSED|connect/i);
    assert.match(e.id, UUID);
    assert.ok(!Number.isNaN(Date.parse(e.timestamp)));
    const task = await s.trawl.store.tasks.get(e.id);
    assert.equal(task?.attempts, 1, 'a ScrapeError is final');
    assert.equal(task?.state, 'completed');
  });

  test('maxConcurrency caps the pages of one batch in flight at once', async () => {
    const { gauge, route } = slowPage(150);
    for (let i = 0; i < 8; i++) site.set(`/capped/${i}`, route);
    const r = await start({ urls: Array.from({ length: 8 }, (_, i) => site.url(`/capped/${i}`)), maxConcurrency: 2 });
    assert.equal((await waitForBatch(s, r.body.id)).completed, 8);
    assert.equal(gauge.served, 8);
    assert.equal(gauge.peak, 2);

    const free = slowPage(150);
    for (let i = 0; i < 8; i++) site.set(`/free/${i}`, free.route);
    const r2 = await start({ urls: Array.from({ length: 8 }, (_, i) => site.url(`/free/${i}`)) });
    assert.equal((await waitForBatch(s, r2.body.id)).completed, 8);
    assert.ok(free.gauge.peak > 2, `without a cap more run at once (peak ${free.gauge.peak})`);
  });

  test('cancel drops the queued pages, keeps what finished, and is idempotent', async () => {
    const { gauge, route } = slowPage(300);
    for (let i = 0; i < 10; i++) site.set(`/cancel/${i}`, route);
    const r = await start({ urls: Array.from({ length: 10 }, (_, i) => site.url(`/cancel/${i}`)), maxConcurrency: 1 });
    // Cancelled once the first page is stored: a page still on its way (fetched, not yet
    // transformed and stored) is stopped by the cancel, so waiting only for the site to
    // answer left the test racing the scraper for the one page it must keep.
    await until('the first page is done', async () => (await s.api('GET', `/v2/batch/scrape/${r.body.id}`)).body.completed >= 1);
    for (let i = 0; i < 2; i++) {
      const c = await s.api('DELETE', `/v2/batch/scrape/${r.body.id}`);
      assert.equal(c.status, 200);
      assert.deepEqual(c.body, { success: true, status: 'cancelled' });
    }
    const served = gauge.served;
    await sleep(900);
    assert.ok(gauge.served <= served + 1, `no page was fetched after the cancel but the one in flight (${served} → ${gauge.served})`);
    const st = (await s.api('GET', `/v2/batch/scrape/${r.body.id}`)).body;
    assert.equal(st.status, 'cancelled');
    assert.equal(st.total, 10);
    assert.ok(st.completed >= 1 && st.completed <= 2, `completed ${st.completed}`);
    assert.equal(st.data.length, st.completed);
  });

  test('appendToId adds URLs to a running batch of the team; other teams, unknown ids and ended batches are refused', async () => {
    const { gauge, route } = slowPage(200);
    for (let i = 0; i < 4; i++) site.set(`/append/${i}`, route);
    const first = await start({ urls: [site.url('/append/0'), site.url('/append/1')], maxConcurrency: 1 });
    const id = first.body.id;
    const added = await start({ urls: [site.url('/append/2'), site.url('/append/3')], appendToId: id, formats: ['html'] });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.id, id);
    assert.equal(added.body.url, `${s.url}/v2/batch/scrape/${id}`);

    const done = await waitForBatch(s, id);
    assert.equal(done.total, 4);
    assert.equal(done.completed, 4);
    assert.equal(gauge.served, 4);
    const appended = done.data.filter((d: any) => ['/append/2', '/append/3'].some((p) => d.metadata.sourceURL.endsWith(p)));
    assert.equal(appended.length, 2);
    for (const d of appended) assert.ok(d.html && !d.markdown, 'appended URLs use their own request options');
    for (const d of done.data.filter((x: any) => !appended.includes(x))) assert.ok(d.markdown && !d.html);

    const ended = await start({ urls: [site.url('/a')], appendToId: id });
    assert.equal(ended.status, 400);
    assert.match(ended.body.error, /has ended \(completed\)/);
    const foreign = await start({ urls: [site.url('/a')], appendToId: id }, asOther);
    assert.equal(foreign.status, 403);
    const unknown = await start({ urls: [site.url('/a')], appendToId: '0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { success: false, error: 'Job not found' });
  });

  test('credits: the scraper charges each page once; the batch reports the same sum', async () => {
    const team = (await s.trawl.store.teams.findTeamByName('other'))!;
    const month = new Date().toISOString().slice(0, 7);
    const before = await s.trawl.store.ledger.creditsUsed(team.id, month);
    for (let i = 0; i < 3; i++) site.set(`/credits/${i}`, page(`credits ${i}`));
    const r = await start({ urls: [0, 1, 2].map((i) => site.url(`/credits/${i}`)) }, asOther);
    const done = await waitForBatch(s, r.body.id, asOther);
    assert.equal(done.creditsUsed, 3);
    assert.equal((await s.trawl.store.ledger.creditsUsed(team.id, month)) - before, 3);
  });

  test("another team's batch: 404 on status, 403 on cancel and errors", async () => {
    const r = await start({ urls: [site.url('/a')] });
    await waitForBatch(s, r.body.id);
    assert.equal((await s.api('GET', `/v2/batch/scrape/${r.body.id}`, undefined, asOther)).status, 404);
    assert.equal((await s.api('DELETE', `/v2/batch/scrape/${r.body.id}`, undefined, asOther)).status, 403);
    assert.equal((await s.api('GET', `/v2/batch/scrape/${r.body.id}/errors`, undefined, asOther)).status, 403);
  });
});
