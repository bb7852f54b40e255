import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PRODUCT_SCHEMA, shopRoutes, WIDGET } from '../../../test/extract/pages.js';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { NotFoundError, Trawl } from '../src/index.js';

describe('@trawl/sdk: agent', () => {
  let s: TestServer;
  let site: Site;
  let trawl: Trawl;

  before(async () => {
    site = await startSite({ ...shopRoutes(), '/slow': { delayMs: 5000, html: '<p>slow</p>' } });
    s = await startTestServer();
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('agent() waits for the run and answers the data the schema asks for', async () => {
    const res = await trawl.agent({ prompt: 'Name and price of the widget', urls: [site.url('/products/widget')], schema: PRODUCT_SCHEMA, pollInterval: 0.2, timeout: 120 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });
    assert.match(res.expiresAt ?? '', /^\d{4}-\d\d-\d\dT/);
  });

  test('startAgent(), getAgentStatus(), cancelAgent(), listAgents()', async () => {
    const started = await trawl.startAgent({ prompt: 'What is on the slow page?', urls: [site.url('/slow')] });
    assert.match(started.id, /^[0-9a-f-]{36}$/);
    const running = await trawl.getAgentStatus(started.id);
    assert.equal(running.status, 'processing');

    assert.equal(await trawl.cancelAgent(started.id), true);
    const cancelled = await trawl.getAgentStatus(started.id);
    assert.equal(cancelled.status, 'failed');
    assert.equal(cancelled.error, 'Agent run cancelled');

    const list = await trawl.listAgents();
    assert.equal(list.agents[0]?.id, started.id, 'newest first');
    assert.ok(list.agents.length >= 2);
    for (const a of list.agents) assert.ok(a.createdAt && typeof a.targetHint === 'string');
    const older = await trawl.listAgents({ before: Date.parse(list.agents[0]!.createdAt) });
    assert.ok(!older.agents.some((a) => a.id === started.id), '`before` leaves out the newer run');
  });

  test('an unknown run is a NotFoundError', async () => {
    const err = await trawl.getAgentStatus('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    assert.ok(err instanceof NotFoundError, String(err));
  });
});
