import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type LlmRequest, type LlmServer, startLlmServer, usageFor } from '../fixtures/llm-server.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { extractWith } from './helpers.js';
import { GADGET, PRODUCT_SCHEMA, shopRoutes, WIDGET } from './pages.js';

const ACME_KEY = 'acme-team-key';

describe('extract with an OpenAI-compatible LLM', () => {
  let site: Site;
  let llm: LlmServer;
  let s: TestServer;
  let fc: Firecrawl;
  /** What the scripted model answers next; `fail` makes it answer 500. */
  let script: { content: string; fail?: boolean };

  before(async () => {
    site = await startSite(shopRoutes());
    llm = await startLlmServer({
      answer: () => (script.fail ? { status: 500, content: 'model overloaded' } : script.content),
    });
    // A team on a metered plan, so that getTokenUsage() shows what was spent.
    s = await startTestServer({ TRAWL_LLM_BASE_URL: llm.url, TRAWL_LLM_MAX_RETRIES: '0', TRAWL_API_KEYS: `acme:${ACME_KEY}`, TRAWL_DEFAULT_PLAN: 'standard' });
    fc = new Firecrawl({ apiKey: ACME_KEY, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await llm.close();
    await site.close();
  });

  test('extract() answers what the model read from all the pages; tokens are billed at 15 per credit and show in getTokenUsage()', async () => {
    script = { content: JSON.stringify({ name: WIDGET.name, price: WIDGET.price }) };
    const before = await fc.getTokenUsage();
    llm.requests.length = 0;
    const res = await extractWith(fc, {
      urls: [site.url('/products/widget'), site.url('/products/gadget')],
      prompt: 'The cheapest product: its name and price',
      schema: PRODUCT_SCHEMA,
      systemPrompt: 'Prices are in euros.',
      showSources: true,
      pollInterval: 1,
    });
    assert.equal(res.status, 'completed', JSON.stringify(res));
    assert.deepEqual(res.data, { name: WIDGET.name, price: WIDGET.price });

    assert.equal(llm.requests.length, 1, 'one call for all the pages');
    const req = llm.requests[0] as LlmRequest;
    const text = req.messages.map((m) => m.content).join('\n');
    assert.match(text, /The cheapest product: its name and price/);
    assert.match(text, /Prices are in euros\./);
    assert.ok(text.includes(WIDGET.description) && text.includes(GADGET.description), 'both pages went to the model');

    const tokens = usageFor(req, script.content).total_tokens;
    assert.equal(res.tokensUsed, tokens);
    assert.equal(res.creditsUsed, 2 + Math.ceil(tokens / 15), 'two pages plus the tokens');
    // The model read two pages at once: each field is credited to the page whose text holds its value.
    assert.deepEqual(res.sources, { name: [site.url('/products/widget')], price: [site.url('/products/widget')] });
    assert.equal(res.warning, undefined);

    const afterUsage = await fc.getTokenUsage();
    assert.equal(before.remainingTokens - afterUsage.remainingTokens, res.creditsUsed! * 15);
  });

  test('a model that keeps failing fails the extract with its error; nothing is billed for tokens', async () => {
    script = { content: '', fail: true };
    const res = await extractWith(fc, { urls: [site.url('/products/gadget')], prompt: 'name and price', schema: PRODUCT_SCHEMA, pollInterval: 1 });
    assert.equal(res.status, 'failed', JSON.stringify(res));
    assert.equal(res.success, false);
    assert.match(res.error ?? '', /500|overloaded/);
    assert.equal(res.tokensUsed, 0);
  });
});
