import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OTHER_KEY = 'fc-other-team-key-0000000000000000';
const page = (title: string) => `<html><head><title>${title}</title></head><body><main><p>${title} page text.</p></main></body></html>`;

describe('team activity, feedback and parse formats', () => {
  let s: TestServer;
  let site: Site;
  let fc: Firecrawl;
  let other: Firecrawl;

  before(async () => {
    site = await startSite({ '/a': { html: page('Alpha') }, '/b': { html: page('Beta') } });
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test("GET /v2/team/activity lists the team's accepted requests, newest first, in pages, by endpoint", async () => {
    await fc.scrape(site.url('/a'));
    await fc.map(site.url('/'));
    await fc.scrape(site.url('/b'));
    await other.scrape(site.url('/a'));
    // Refused before any work: not activity.
    assert.equal((await s.api('POST', '/v2/scrape', { url: 'ftp://example.com' })).status, 400);

    const all = await s.api('GET', '/v2/team/activity');
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.success, true);
    assert.deepEqual(
      all.body.data.map((a: { endpoint: string; target: string }) => [a.endpoint, a.target]),
      [['scrape', site.url('/b')], ['map', site.url('/')], ['scrape', site.url('/a')]],
    );
    for (const a of all.body.data) {
      assert.equal(a.api_version, 'v2');
      assert.ok(Date.now() - Date.parse(a.created_at) < 3600_000);
      assert.match(a.id, /^[0-9a-f-]{36}$/);
    }
    assert.equal(all.body.has_more, false);
    assert.equal(all.body.cursor, null);

    const first = await s.api('GET', '/v2/team/activity?limit=2');
    assert.equal(first.body.data.length, 2);
    assert.equal(first.body.has_more, true);
    const second = await s.api('GET', `/v2/team/activity?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`);
    assert.deepEqual(second.body.data.map((a: { target: string }) => a.target), [site.url('/a')]);
    assert.equal(second.body.has_more, false);

    const maps = await s.api('GET', '/v2/team/activity?endpoint=map');
    assert.deepEqual(maps.body.data.map((a: { endpoint: string }) => a.endpoint), ['map']);
    assert.equal((await s.api('GET', '/v2/team/activity?limit=0')).status, 400);
  });

  test('POST /v2/feedback stores a rating once, for a job of the team; GET /v2/feedback lists it', async () => {
    const doc = await fc.scrape(site.url('/a'), { maxAge: 0 });
    const jobId = doc.metadata!.scrapeId!;
    const body = { endpoint: 'scrape', jobId, rating: 'good', valuableSources: [{ url: site.url('/a'), reason: 'the text' }], tags: ['docs'] };
    const sent = await fc.feedback(body as Parameters<Firecrawl['feedback']>[0]);
    assert.equal(sent.success, true);
    assert.match(sent.feedbackId, /^[0-9a-f-]{36}$/);
    assert.equal(sent.creditsRefunded, 0);

    const again = await s.api('POST', '/v2/feedback', { ...body, rating: 'bad', missingContent: [{ topic: 'prices' }] });
    assert.equal(again.status, 200);
    assert.equal(again.body.alreadySubmitted, true);
    assert.equal(again.body.feedbackId, sent.feedbackId);

    const theirs = await s.api('POST', '/v2/feedback', body, { authorization: `Bearer ${OTHER_KEY}` });
    assert.equal(theirs.status, 404, "another team's scrape cannot be rated");
    const empty = await s.api('POST', '/v2/feedback', { endpoint: 'scrape', jobId, rating: 'bad' });
    assert.equal(empty.status, 400);
    assert.match(JSON.stringify(empty.body), /missingContent or querySuggestions/);

    const list = await s.api('GET', '/v2/feedback?endpoint=scrape');
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    assert.deepEqual(
      [list.body.data[0].jobId, list.body.data[0].rating, list.body.data[0].tags, list.body.data[0].valuableSources[0].reason],
      [jobId, 'good', ['docs'], 'the text'],
    );
    assert.deepEqual((await s.api('GET', '/v2/feedback', undefined, { authorization: `Bearer ${OTHER_KEY}` })).body.data, []);
  });

  test('search feedback (the JS SDK searchFeedback) is stored under the search id', async () => {
    const search = await s.api('POST', '/v2/search', { query: 'alpha' });
    assert.equal(search.status, 200);
    const sent = await fc.searchFeedback(search.body.id, { rating: 'partial', missingContent: [{ topic: 'beta pages', description: 'not found' }] });
    assert.equal(sent.success, true);
    const list = await s.api('GET', '/v2/feedback?endpoint=search');
    assert.deepEqual(
      list.body.data.map((f: { jobId: string; rating: string }) => [f.jobId, f.rating]),
      [[search.body.id, 'partial']],
    );
    assert.equal((await s.api('POST', '/v2/search/not-a-uuid/feedback', { rating: 'bad', querySuggestions: 'x' })).status, 400);
  });

  test('GET /v2/parse/formats lists what POST /v2/parse reads, and says what it cannot', async () => {
    const r = await s.api('GET', '/v2/parse/formats');
    assert.equal(r.status, 200);
    const formats = r.body.data.formats as { format: string; kind: string; extensions: string[]; mimeTypes: string[]; available: boolean }[];
    const pdf = formats.find((f) => f.format === 'pdf')!;
    assert.deepEqual([pdf.kind, pdf.available], ['document', true]);
    assert.ok(pdf.extensions.includes('.pdf') && pdf.mimeTypes.includes('application/pdf'));
    assert.ok(formats.find((f) => f.format === 'docx')!.extensions.includes('.docx'));
    const png = formats.find((f) => f.format === 'png')!;
    assert.deepEqual([png.kind, png.available], ['image', false]);
  });
});
