import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type Site, startSite } from '../fixtures/site.js';
import { until } from '../batch/helpers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../webhooks/receiver.js';
import { type Extracted, extractWith, waitForExtract } from './helpers.js';
import { GADGET, PRODUCT_SCHEMA, shopRoutes, WIDGET } from './pages.js';

const OTHER_KEY = 'other-team-key';

describe('extract with the offline engine (no LLM configured)', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;

  before(async () => {
    site = await startSite({ ...shopRoutes(), '/gone': { status: 404, html: '<p>Not here</p>' }, '/slow': { delayMs: 5000, html: '<p>slow</p>' } });
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('extract() fills the schema from the page, with sources and a warning naming what the engine cannot do', async () => {
    const res = await extractWith(fc, {
      urls: [site.url('/products/widget')],
      prompt: 'The product name and its price',
      schema: PRODUCT_SCHEMA,
      showSources: true,
      pollInterval: 1,
    });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.equal(res.success, true);
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });
    assert.deepEqual(res.sources, { name: [site.url('/products/widget')], price: [site.url('/products/widget')] });
    assert.match(res.warning ?? '', /prompt was not interpreted offline/);
    assert.equal(res.tokensUsed, 0);
    assert.equal(res.creditsUsed, 1, 'the one page read, no tokens');
    assert.match(res.expiresAt!, /^\d{4}-\d\d-\d\dT/);
  });

  test('a "/*" section expands through the site: both products are read, the page outside the section is not', async () => {
    const started = await fc.startExtract({ urls: [site.url('/products/*')], schema: PRODUCT_SCHEMA, showSources: true });
    assert.match(started.id!, /^[0-9a-f-]{36}$/);
    let status = (await fc.getExtractStatus(started.id!)) as Extracted;
    assert.ok(['processing', 'completed'].includes(status.status!), status.status);
    while (status.status === 'processing') {
      await new Promise((r) => setTimeout(r, 100));
      status = (await fc.getExtractStatus(started.id!)) as Extracted;
    }
    assert.equal(status.status, 'completed', JSON.stringify(status));
    const named = status.sources?.name ?? [];
    assert.ok(named.includes(site.url('/products/widget')) && named.includes(site.url('/products/gadget')), JSON.stringify(status.sources));
    // The first page to state a field wins; each is one of the two products.
    assert.ok([WIDGET.name, GADGET.name].includes((status.data as { name: string }).name));
    const read = site.requests.map((r) => r.path);
    assert.ok(read.includes('/products/gadget'));
    assert.ok(!read.includes('/about'), 'the section bound kept /about out');
    assert.equal(status.creditsUsed, 3, 'the section page and its two products');
  });

  test('urlTrace lists each page read; a page answering 404 is named in the warning and in warnings[]', async () => {
    const started = await s.api('POST', '/v2/extract', {
      urls: [site.url('/products/gadget'), site.url('/gone')],
      schema: PRODUCT_SCHEMA,
      urlTrace: true,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.deepEqual(started.body.urlTrace, []);
    const done = await waitForExtract(s, started.body.id);
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.data, { name: GADGET.name, price: GADGET.price });
    assert.deepEqual(done.urlTrace, [
      { url: site.url('/products/gadget'), status: 'success' },
      { url: site.url('/gone'), status: 'error', error: 'The page answered HTTP 404' },
    ]);
    assert.match(done.warning, /1 of 2 pages could not be read: .*\/gone \(The page answered HTTP 404\)/);
    // warnings[] as the SDK types declare it, one notice each; warning stays for older clients.
    assert.ok(done.warnings.some((w: string) => /^1 of 2 pages could not be read: .*\/gone/.test(w)), JSON.stringify(done.warnings));
    assert.equal(done.warnings.join(' '), done.warning);
    assert.equal('sources' in done, false, 'sources only with showSources');
  });

  test('when no page can be read the extract fails, and says why', async () => {
    const res = await extractWith(fc, { urls: [site.url('/gone')], schema: PRODUCT_SCHEMA, pollInterval: 1 });
    assert.equal(res.status, 'failed');
    assert.equal(res.success, false);
    assert.match(res.error ?? '', /None of the 1 pages could be read \(.*\/gone: The page answered HTTP 404\)/);
  });

  test('`timeout` bounds the whole extract: past it the extract fails and says so', async () => {
    const started = await s.api('POST', '/v2/extract', { urls: [site.url('/slow')], schema: PRODUCT_SCHEMA, timeout: 500 });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const done = await waitForExtract(s, started.body.id);
    assert.deepEqual([done.status, done.success, done.error], ['failed', false, 'Extract timed out after 500 ms']);
  });

  test('enableWebSearch finds pages for a prompt alone through the search provider', async () => {
    // The local index knows the pages this team has fetched.
    await fc.scrape(site.url('/products/gadget'), { maxAge: 0 });
    const res = await extractWith(fc, { prompt: 'gadget that does it all', schema: PRODUCT_SCHEMA, enableWebSearch: true, showSources: true, pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: GADGET.name, price: GADGET.price });
    assert.deepEqual(res.sources?.name, [site.url('/products/gadget')]);
    assert.ok(res.creditsUsed! >= 2, 'the search result and the page read');
  });

  test('a webhook hears extract.started, then extract.completed once the result can be read', async () => {
    const rx = await startReceiver();
    try {
      const started = await fc.startExtract({ urls: [site.url('/products/widget')], schema: PRODUCT_SCHEMA, webhook: { url: rx.url, metadata: { ref: 'w1' } } });
      await until('extract.completed', () => rx.types().includes('extract.completed'));
      assert.deepEqual(rx.types(), ['extract.started', 'extract.completed']);
      for (const r of rx.received) assert.deepEqual([r.body.id, r.body.metadata], [started.id, { ref: 'w1' }]);
      const status = await fc.getExtractStatus(started.id!);
      assert.deepEqual([status.status, status.data], ['completed', { name: WIDGET.name, price: WIDGET.price }]);
      // §16.3: the completed event carries the result itself.
      const [result] = rx.received[1]!.body.data;
      assert.deepEqual(
        [result.success, result.extractId, result.data, result.totalUrlsScraped],
        [true, started.id, { name: WIDGET.name, price: WIDGET.price }, 1],
      );
    } finally {
      await rx.close();
    }
  });

  test('invalid URLs are dropped and listed; an id of another team or kind is 404 "Extract job not found"', async () => {
    const started = await s.api('POST', '/v2/extract', { urls: ['ftp://nope', site.url('/products/widget')], schema: PRODUCT_SCHEMA });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.deepEqual(started.body.invalidURLs, ['ftp://nope']);
    await waitForExtract(s, started.body.id);

    const other = await s.api('GET', `/v2/extract/${started.body.id}`, undefined, { authorization: `Bearer ${OTHER_KEY}` });
    assert.deepEqual([other.status, other.body], [404, { success: false, error: 'Extract job not found' }]);
    const unknown = await s.api('GET', '/v2/extract/0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b');
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'Extract job not found']);
    const tooMany = await s.api('POST', '/v2/extract', { urls: Array.from({ length: 11 }, (_, i) => site.url(`/p${i}`)), prompt: 'x' });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.error, /At most 10 URLs/);
  });
});
