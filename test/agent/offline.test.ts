import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { until } from '../batch/helpers.js';
import { agentsOf, traceOf, types } from './helpers.js';
import { GADGET, PRODUCT_SCHEMA, shopRoutes, WIDGET } from '../extract/pages.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../webhooks/receiver.js';

const OTHER_KEY = 'other-team-key';

describe('agent with the offline engine: the fixed plan', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;
  let other: Firecrawl;

  before(async () => {
    site = await startSite({ ...shopRoutes(), '/slow': { delayMs: 3000, html: '<p>slow</p>' }, '/gone': { status: 404, html: 'gone' } });
    s = await startTestServer({ TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
    other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  test('agent() reads the given URLs and fills the schema; the warning says a fixed plan ran; the trace records each step', async () => {
    const res = await fc.agent({ prompt: 'Name and price of the widget', urls: [site.url('/products/widget')], schema: PRODUCT_SCHEMA, pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });
    assert.equal(res.model, 'spark-1-pro');
    assert.equal(res.creditsUsed, 1);
    assert.match((res as { warning?: string }).warning ?? '', /No language model is configured: the run followed a fixed plan/);
    assert.match(res.expiresAt, /^\d{4}-\d\d-\d\dT/);

    const jobId = (await agentsOf(fc))[0]!.id;
    const trace = await traceOf(fc, jobId);
    assert.deepEqual(types(trace), [
      'run.started', 'agent.started', 'progress.reported', 'progress.reported',
      'tool_call.started', 'tool_call.finished', 'progress.reported',
      'artifact.updated', 'agent.finished', 'run.finished',
    ]);
    const scrape = trace.events.find((e) => e.type === 'tool_call.started') as Record<string, any>;
    assert.equal(scrape.toolName, 'scrape');
    assert.deepEqual(scrape.parameters, { url: site.url('/products/widget') });
    assert.deepEqual(trace.events.map((e) => e.producerSequence), trace.events.map((_, i) => i + 1));
    for (const e of trace.events) {
      assert.equal(e.schemaVersion, 1);
      assert.equal(e.runId, jobId);
      assert.match(e.occurredAt, /^\d{4}-\d\d-\d\dT.*Z$/);
    }
    assert.equal((trace.events.at(-1) as Record<string, any>).outcome, 'succeeded');
    const snapshot = await fc.getAgentSnapshot(jobId, 'result');
    assert.deepEqual(JSON.parse(snapshot.snapshot ?? 'null'), { name: WIDGET.name, price: WIDGET.price });
  });

  test('with a prompt alone it searches, reads the best results, and answers from them', async () => {
    await fc.scrape(site.url('/products/gadget'), { maxAge: 0 });
    const started = await fc.startAgent({ prompt: 'gadget that does it all', schema: PRODUCT_SCHEMA });
    assert.equal(started.success, true);
    let status = await fc.getAgentStatus(started.id);
    assert.ok(['processing', 'completed'].includes(status.status), status.status);
    await until('the run has ended', async () => (status = await fc.getAgentStatus(started.id)).status !== 'processing');
    assert.equal(status.status, 'completed', JSON.stringify(status));
    assert.deepEqual(status.data, { name: GADGET.name, price: GADGET.price });
    const trace = await traceOf(fc, started.id);
    const tools = trace.events.filter((e) => e.type === 'tool_call.started').map((e) => (e as Record<string, any>).toolName);
    assert.equal(tools[0], 'search');
    assert.ok(tools.slice(1).every((t) => t === 'scrape') && tools.length >= 2, tools.join(','));
    const found = (trace.events.find((e) => e.type === 'tool_call.finished') as Record<string, any>).result.results;
    assert.equal(found[0].url, site.url('/products/gadget'));
    // One credit per search result, one per page read.
    assert.equal(status.creditsUsed, found.length + tools.length - 1);
  });

  test('maxCredits stops the run: it answers from what it read by then and says so', async () => {
    const urls = [site.url('/products/widget'), site.url('/products/gadget'), site.url('/about')];
    const res = await fc.agent({ prompt: 'product name and price', urls, schema: PRODUCT_SCHEMA, maxCredits: 1, pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.equal(res.creditsUsed, 1);
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });
    assert.match((res as { warning?: string }).warning ?? '', /budget of 1 credits \(maxCredits\) before it was done; the answer uses the 1 pages read/);
  });

  test('a run with nothing readable fails and says why', async () => {
    const res = await fc.agent({ prompt: 'anything', urls: [site.url('/gone')], pollInterval: 1 });
    assert.equal(res.status, 'failed');
    assert.match(res.error ?? '', /^No page could be read to answer the prompt\. http:\/\/127\.0\.0\.1:\d+\/gone could not be read: The page answered HTTP 404\.$/);
  });

  test('cancelAgent() stops a run: it reads failed, "Agent run cancelled", and its trace ends cancelled', async () => {
    const started = await fc.startAgent({ prompt: 'slow things', urls: [site.url('/slow')] });
    await until('the page is being read', () => site.requests.some((r) => r.path === '/slow'));
    assert.equal(await other.cancelAgent(started.id).catch((e: { status?: number }) => e.status), 404, "another team's run is not found");
    assert.equal(await fc.cancelAgent(started.id), true);
    const status = await fc.getAgentStatus(started.id);
    assert.equal(status.status, 'failed');
    assert.equal(status.error, 'Agent run cancelled');
    const trace = await traceOf(fc, started.id);
    const last = trace.events.at(-1) as Record<string, any>;
    assert.equal(last.type, 'run.finished');
    assert.equal(last.outcome, 'cancelled');
    assert.ok(types(trace).includes('run.cancel_requested'));
    // Cancelling again changes nothing.
    assert.equal(await fc.cancelAgent(started.id), true);
  });

  test('a webhook hears agent.started, then agent.failed with "Agent run cancelled" when the run is cancelled', async () => {
    const rx = await startReceiver();
    try {
      const started = await fc.startAgent({ prompt: 'slow again', urls: [site.url('/slow')], webhook: { url: rx.url, events: ['started', 'cancelled'] } });
      await until('agent.started', () => rx.types().includes('agent.started'));
      assert.equal(await fc.cancelAgent(started.id), true);
      await until('the end event', () => rx.received.length >= 2);
      assert.deepEqual(rx.types(), ['agent.started', 'agent.failed']);
      const end = rx.received[1]!.body;
      assert.deepEqual([end.id, end.success, end.error], [started.id, false, 'Agent run cancelled']);
      assert.equal(typeof end.data[0]?.creditsUsed, 'number', 'the end event tells what the run spent (§16.3)');
    } finally {
      await rx.close();
    }
  });

  test('listAgents() lists the team\'s runs newest first, with `before`; other teams see none of them', async () => {
    const list = await fc.listAgents();
    assert.equal(list.success, true);
    const agents = list.agents ?? [];
    assert.ok(agents.length >= 6);
    const times = agents.map((a) => Date.parse(a.createdAt));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    const newest = agents[0]!;
    assert.equal(newest.targetHint, '127.0.0.1');
    assert.equal(newest.status, 'failed');
    assert.deepEqual((newest as Record<string, any>).options.urls, [site.url('/slow')]);
    const older = await agentsOf(fc, Date.parse(agents[1]!.createdAt));
    assert.deepEqual(older.map((a) => a.id), agents.slice(2).map((a) => a.id));
    assert.deepEqual((await other.listAgents()).agents, []);
    const status = await other.getAgentStatus(newest.id).catch((e: { status?: number }) => e.status);
    assert.equal(status, 404);
  });
});

describe('agent when the search provider fails', () => {
  test('the failed search is one failed step: the run ends failed and names the cause', async () => {
    const searx = await startSite({ '/search': { status: 500, json: { error: 'down' } } });
    const s = await startTestServer({ TRAWL_SEARXNG_URL: searx.origin });
    try {
      const fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
      const res = await fc.agent({ prompt: 'anything at all', pollInterval: 1 });
      assert.equal(res.status, 'failed', JSON.stringify(res));
      assert.match(res.error ?? '', /^No page could be read to answer the prompt\. The prompt could not be searched: search failed: .+\.$/);
      const trace = await traceOf(fc, (await agentsOf(fc))[0]!.id);
      const finished = trace.events.find((e) => e.type === 'tool_call.finished')!;
      assert.equal(finished.toolName, 'search');
      assert.ok(finished.result.error);
      assert.equal(trace.events.at(-1)!.outcome, 'failed');
    } finally {
      await s.close();
      await searx.close();
    }
  });
});
