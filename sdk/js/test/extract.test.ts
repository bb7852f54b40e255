import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PRODUCT_SCHEMA, shopRoutes, WIDGET } from '../../../test/extract/pages.js';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { BadRequestError, NotFoundError, Trawl } from '../src/index.js';

describe('@trawl/sdk: extract', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    site = await startSite(shopRoutes());
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('extract() waits for the data the schema asks for, with its sources', async () => {
    const res = await trawl.extract({ urls: [site.url('/products/widget')], schema: PRODUCT_SCHEMA, showSources: true, pollInterval: 0.2, timeout: 60 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });
    assert.deepEqual(res.sources?.name, [site.url('/products/widget')]);
  });

  test('startExtract() answers an id whose status getExtractStatus() reads until it completes', async () => {
    const started = await trawl.startExtract({ urls: [site.url('/products/widget')], schema: PRODUCT_SCHEMA });
    assert.match(started.id, /^[0-9a-f-]{36}$/);
    let status = await trawl.getExtractStatus(started.id);
    assert.ok(['processing', 'completed'].includes(status.status), status.status);
    while (status.status === 'processing') {
      await new Promise((r) => setTimeout(r, 100));
      status = await trawl.getExtractStatus(started.id);
    }
    assert.equal(status.status, 'completed');
    assert.equal((status.data as { name: string }).name, WIDGET.name);
  });

  test('a request with neither urls nor prompt, and an unknown id, are typed errors', async () => {
    const bad = await trawl.startExtract({}).catch((e: unknown) => e);
    assert.ok(bad instanceof BadRequestError, String(bad));
    assert.match(bad.message, /Either 'urls' or 'prompt' must be provided/);
    const missing = await trawl.getExtractStatus('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    assert.ok(missing instanceof NotFoundError, String(missing));
  });
});
