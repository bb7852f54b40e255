import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type LlmServer, startLlmServer } from '../fixtures/llm-server.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { articlePage, productPage } from '../llm/offline/pages.js';

// A team on a metered plan, so that token usage shows in what remains.
const KEY = 'fc-11111111111111111111111111111111';
const PLAN_TOKENS = 100_000 * 15;
const env = { TRAWL_API_KEYS: `shop:${KEY}`, TRAWL_DEFAULT_PLAN: 'standard' };

const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, brand: { type: 'string' }, material: { type: 'string' } },
  required: ['name', 'price'],
};

let site: Site;
before(async () => {
  site = await startSite({
    '/aeron': { html: productPage.html },
    '/river': { html: articlePage.html.replace('</article>', `${articlePage.markdown.split('\n\n').slice(3).map((p) => `<p>${p}</p>`).join('')}</article>`) },
  });
});
after(() => site.close());

describe('json and summary formats, offline engine (no LLM configured)', () => {
  let s: TestServer;
  let fc: Firecrawl;
  before(async () => {
    s = await startTestServer(env);
    fc = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
  });
  after(() => s.close());

  test('scrape() fills the schema from the page, summarises it, and says what it could not do', async () => {
    const doc = await fc.scrape(site.url('/aeron'), {
      formats: [{ type: 'json', prompt: 'The chair and its price', schema }, 'summary'],
    });
    assert.deepEqual(doc.json, { name: 'Aeron Chair – Remastered', price: 1395, brand: 'Herman Miller' });
    assert.equal(doc.summary, 'Designed for eight hours and more, the Aeron supports your posture all day.');
    assert.match(doc.warning!, /JSON extraction: Could not find on the page: material/);
    assert.match(doc.warning!, /prompt was not interpreted offline/);
    assert.equal(doc.markdown, undefined, 'read for the formats, not returned');
    assert.equal(doc.rawHtml, undefined);
    assert.equal(doc.metadata?.creditsUsed, 1, 'no model, no tokens: one page');
    const usage = await fc.getTokenUsage();
    assert.equal(usage.remainingTokens, PLAN_TOKENS - 15);
  });

  test('a summary of an article, with markdown when asked for', async () => {
    const doc = await fc.scrape(site.url('/river'), { formats: ['markdown', 'summary'] });
    assert.match(doc.summary!, /^More than 400 volunteers removed two tonnes of waste/);
    assert.ok(doc.markdown!.includes('Elm River Trust'));
    assert.equal(doc.warning, undefined);
  });
});

describe('json and summary formats with an OpenAI-compatible LLM', () => {
  let s: TestServer;
  let fc: Firecrawl;
  let llm: LlmServer;
  let failing = false;
  let stalling = false;
  before(async () => {
    llm = await startLlmServer({
      answer: (req) => {
        if (failing) return { status: 500, content: 'GPU on fire' };
        if (stalling) return { content: '{}', delayMs: 20_000 };
        if (req.response_format) {
          return { content: '{"name":"Aeron Chair","price":1395,"brand":"Herman Miller","material":"Pellicle mesh"}', usage: { prompt_tokens: 300, completion_tokens: 30, total_tokens: 330 } };
        }
        return { content: 'An ergonomic office chair by Herman Miller, sold for $1,395.', usage: { prompt_tokens: 200, completion_tokens: 25, total_tokens: 225 } };
      },
    });
    s = await startTestServer({ ...env, TRAWL_LLM_BASE_URL: llm.url, TRAWL_LLM_MODEL: 'house-model', TRAWL_LLM_MAX_RETRIES: '0' });
    fc = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await llm.close();
  });

  test('scrape() answers what the model said; its tokens are billed and show in getTokenUsage()', async () => {
    const doc = await fc.scrape(site.url('/aeron'), { formats: [{ type: 'json', prompt: 'The chair and its price', schema }, 'summary'] });
    assert.deepEqual(doc.json, { name: 'Aeron Chair', price: 1395, brand: 'Herman Miller', material: 'Pellicle mesh' });
    assert.equal(doc.summary, 'An ergonomic office chair by Herman Miller, sold for $1,395.');
    assert.equal(doc.warning, undefined);

    assert.equal(llm.requests.length, 2);
    const extraction = llm.requests.find((r) => r.response_format)!;
    assert.equal(extraction.model, 'house-model');
    assert.deepEqual(extraction.response_format?.json_schema?.schema, schema);
    const prompt = extraction.messages.map((m) => m.content).join('\n');
    assert.match(prompt, /The chair and its price/);
    assert.match(prompt, /Designed for eight hours and more/, 'the page markdown reaches the model though markdown was not requested');

    // 330 + 225 = 555 tokens = 37 credits, on top of the page's one.
    assert.equal(doc.metadata?.creditsUsed, 38);
    const usage = await fc.getTokenUsage();
    assert.equal(usage.remainingTokens, PLAN_TOKENS - 38 * 15);
  });

  test('the same request again is served from cache with its json: no model call, no tokens', async () => {
    const before = llm.requests.length;
    const doc = await fc.scrape(site.url('/aeron'), { formats: [{ type: 'json', prompt: 'The chair and its price', schema }, 'summary'] });
    assert.equal(doc.metadata?.cacheState, 'hit');
    assert.equal(doc.json && (doc.json as { material: string }).material, 'Pellicle mesh');
    assert.equal(llm.requests.length, before);
    assert.equal(doc.metadata?.creditsUsed, 1);
  });

  test('a failing model: the page still comes back, the failure is the warning, and nothing is cached', async () => {
    failing = true;
    try {
      const doc = await fc.scrape(site.url('/river'), { formats: ['markdown', { type: 'json', schema }] });
      assert.ok(doc.markdown!.includes('Elm River'));
      assert.equal(doc.json, undefined);
      assert.match(doc.warning!, /JSON extraction failed: The LLM endpoint answered HTTP 500: GPU on fire/);
      assert.equal(doc.metadata?.creditsUsed, 1);
    } finally {
      failing = false;
    }
    const retried = await fc.scrape(site.url('/river'), { formats: ['markdown', { type: 'json', schema }] });
    assert.equal(retried.metadata?.cacheState, 'miss');
    assert.equal((retried.json as { name: string }).name, 'Aeron Chair');
  });

  test('a model slower than the scrape timeout: the page comes back in time, the summary is a warning', async () => {
    stalling = true;
    try {
      const doc = await fc.scrape(site.url('/river'), { formats: ['markdown', 'summary'], timeout: 3000, maxAge: 0 });
      assert.ok(doc.markdown!.includes('Elm River'));
      assert.equal(doc.summary, undefined);
      assert.match(doc.warning!, /The summary did not finish within the scrape's timeout \(3000 ms\)/);
    } finally {
      stalling = false;
    }
  });
});
