import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { until } from '../batch/helpers.js';
import { agentsOf, traceOf } from './helpers.js';
import { GADGET, PRODUCT_SCHEMA, shopRoutes } from '../extract/pages.js';
import { type LlmRequest, type LlmReply, type LlmServer, startLlmServer, usageFor } from '../fixtures/llm-server.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ACME_KEY = 'acme-team-key';
const isPlanning = (req: LlmRequest) => req.messages[0]!.content.includes('web research agent');
const step = (action: string, fields: Record<string, string> = {}) => JSON.stringify({ action, reason: `Now: ${action}`, ...fields });

describe('agent with an OpenAI-compatible LLM: the planned loop', () => {
  let site: Site;
  let llm: LlmServer;
  let s: TestServer;
  let fc: Firecrawl;
  /** Planning answers, taken in turn (the last one repeats), and the final answer. */
  let plan: (string | LlmReply)[] = [];
  let answer = '';
  let planned = 0;

  before(async () => {
    site = await startSite(shopRoutes());
    llm = await startLlmServer({
      answer: (req) => (isPlanning(req) ? plan[Math.min(planned++, plan.length - 1)]! : answer),
    });
    // A team on a metered plan, so that getTokenUsage() shows what was spent.
    s = await startTestServer({ TRAWL_LLM_BASE_URL: llm.url, TRAWL_LLM_MAX_RETRIES: '0', TRAWL_API_KEYS: `acme:${ACME_KEY}`, TRAWL_DEFAULT_PLAN: 'standard' });
    fc = new Firecrawl({ apiKey: ACME_KEY, apiUrl: s.url });
    // The local search index knows the pages the team has fetched.
    await fc.scrape(site.url('/products/gadget'), { maxAge: 0 });
  });
  after(async () => {
    await s.close();
    await llm.close();
    await site.close();
  });

  const script = (steps: (string | LlmReply)[], final: string) => {
    plan = steps;
    answer = final;
    planned = 0;
    llm.requests.length = 0;
  };

  test('the model plans search → scrape → finish; each step is in the trace; tokens are billed and show in getTokenUsage()', async () => {
    script([step('search', { query: 'acme gadget price' }), step('scrape', { url: site.url('/products/gadget') }), step('finish')], JSON.stringify({ name: GADGET.name, price: GADGET.price }));
    const usageBefore = await fc.getTokenUsage();
    const res = await fc.agent({ prompt: 'What does the Acme Gadget cost?', schema: PRODUCT_SCHEMA, effort: 'low', pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: GADGET.name, price: GADGET.price });
    assert.equal(res.effort, 'low');
    assert.equal((res as { warning?: string }).warning, undefined);

    // Three planning calls, then the answer; the second planning call saw what the search found.
    assert.equal(llm.requests.length, 4);
    assert.deepEqual(llm.requests.map(isPlanning), [true, true, true, false]);
    assert.match(llm.requests[0]!.messages[1]!.content, /Task: What does the Acme Gadget cost\?/);
    assert.ok(llm.requests[1]!.messages[1]!.content.includes(site.url('/products/gadget')), 'the search results were shown to the planner');
    assert.ok(llm.requests[3]!.messages.map((m) => m.content).join('\n').includes(GADGET.description), 'the page read went to the answer');

    const id = (await agentsOf(fc))[0]!.id;
    const trace = await traceOf(fc, id);
    const tools = trace.events.filter((e) => e.type === 'tool_call.started').map((e) => [(e as any).toolName, (e as any).parameters]);
    assert.deepEqual(tools, [['search', { query: 'acme gadget price' }], ['scrape', { url: site.url('/products/gadget') }]]);
    assert.deepEqual(trace.events.filter((e) => e.type === 'reasoning.summary').map((e) => (e as any).text), ['Now: search', 'Now: scrape', 'Now: finish']);

    const tokens = llm.requests.map((r, i) => usageFor(r, i < 3 ? (plan[i] as string) : answer).total_tokens);
    const tokenCredits = tokens.reduce((a, t) => a + Math.ceil(t / 15), 0);
    const results = (trace.events.find((e) => e.type === 'tool_call.finished') as any).result.results.length;
    assert.equal(res.creditsUsed, tokenCredits + results + 1, 'tokens per call, one per search result, one page');
    assert.equal(trace.creditsUsed, res.creditsUsed);
    const usageAfter = await fc.getTokenUsage();
    assert.equal(usageBefore.remainingTokens - usageAfter.remainingTokens, res.creditsUsed! * 15);
  });

  test('maxCredits ends the loop of a model that never finishes; the run answers from what it read', async () => {
    script([step('scrape', { url: site.url('/products/gadget') }), step('scrape', { url: site.url('/products/widget') })], JSON.stringify({ name: GADGET.name, price: GADGET.price }));
    const res = await fc.agent({ prompt: 'Prices of everything', schema: PRODUCT_SCHEMA, maxCredits: 60, pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.match((res as { warning?: string }).warning ?? '', /budget of 60 credits \(maxCredits\) before it was done/);
    const id = (await agentsOf(fc))[0]!.id;
    const trace = await traceOf(fc, id);
    assert.equal((trace.events.at(-1) as any).outcome, 'credit_limit_reached');
    assert.ok(trace.events.some((e) => e.type === 'error.occurred' && (e as any).error.code === 'credit_limit_reached'));
  });

  test('strictConstrainToURLs refuses what lies outside the given URLs, and the planner is told', async () => {
    script([step('search', { query: 'widgets' }), step('scrape', { url: site.url('/about') }), step('finish')], JSON.stringify({ name: GADGET.name, price: GADGET.price }));
    const res = await fc.agent({ prompt: 'Gadget price', urls: [site.url('/products/gadget')], strictConstrainToURLs: true, schema: PRODUCT_SCHEMA, pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.match(llm.requests[1]!.messages[1]!.content, /search refused: search is off: the run is constrained to its URLs/);
    assert.match(llm.requests[2]!.messages[1]!.content, /scrape refused: .*\/about is not one of the run's URLs/);
    assert.ok(!site.requests.some((r) => r.path === '/about'));
  });

  test('cancelAgent() while the model is thinking: the run stops and reads failed', async () => {
    script([{ content: step('finish'), delayMs: 4000 }], '{}');
    const started = await fc.startAgent({ prompt: 'Think slowly', urls: [site.url('/products/widget')] });
    await until('the model was asked', () => llm.requests.some(isPlanning));
    assert.equal(await fc.cancelAgent(started.id), true);
    const status = await fc.getAgentStatus(started.id);
    assert.deepEqual([status.status, status.error], ['failed', 'Agent run cancelled']);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(llm.requests.filter((r) => !isPlanning(r)).length, 0, 'no answer was asked for after the cancel');
  });

  test('a model that answers with errors fails the run with its message', async () => {
    script([{ status: 500, content: 'model overloaded' }], '{}');
    const res = await fc.agent({ prompt: 'Anything', urls: [site.url('/products/widget')], pollInterval: 1 });
    assert.equal(res.status, 'failed', JSON.stringify(res));
    assert.match(res.error ?? '', /500|overloaded/);
  });

  test('chat mode answers in `message`', async () => {
    script([step('finish')], JSON.stringify({ answer: 'The gadget costs 42 euros.' }));
    const res = await fc.agent({ prompt: 'How much is the gadget?', urls: [site.url('/products/gadget')], mode: 'chat', pollInterval: 1 });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.equal(res.message, 'The gadget costs 42 euros.');
    assert.equal(res.mode, 'chat');
    assert.equal(res.data, undefined);
  });
});
