import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type LlmServer, startLlmServer } from '../fixtures/llm-server.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A product page whose price and stock the test changes between scrapes. */
function productPage(state: { price: string; stock: string; note: string }): string {
  return `<!doctype html><html><head><title>Kettle</title></head><body><main>
<h1>Steel kettle</h1>
<p>${state.note}</p>
<dl><dt>Price</dt><dd>${state.price}</dd><dt>Stock</dt><dd>${state.stock}</dd></dl>
</main></body></html>`;
}

describe('the changeTracking scrape format through the official JS SDK', () => {
  let site: Site;
  let s: TestServer;
  let fc: Firecrawl;
  const state = { price: '20 EUR', stock: 'in stock', note: 'A kettle that boils water quickly.' };
  let gone = false;

  before(async () => {
    site = await startSite({
      '/kettle': (_req, res) => {
        res.writeHead(gone ? 404 : 200, { 'content-type': 'text/html' });
        res.end(gone ? '<html><body><h1>Not found</h1></body></html>' : productPage(state));
      },
    });
    s = await startTestServer({ TRAWL_API_KEYS: 'other:other-key' });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s?.close();
    await site?.close();
  });

  const gitDiff = (tag?: string) => ({ type: 'changeTracking' as const, modes: ['git-diff' as const], ...(tag && { tag }) });

  test('git-diff mode: new, then same, then changed with the unified and structured diff, then removed', async () => {
    const url = site.url('/kettle');
    const formats = ['markdown' as const, gitDiff('gd')];

    const first = await fc.scrape(url, { formats });
    const ct1 = first.changeTracking as any;
    assert.equal(ct1.changeStatus, 'new');
    assert.equal(ct1.previousScrapeAt, null);
    assert.equal(ct1.visibility, 'visible');
    assert.equal(ct1.diff, undefined);

    const second = await fc.scrape(url, { formats });
    const ct2 = second.changeTracking as any;
    assert.equal(ct2.changeStatus, 'same');
    assert.ok(Date.parse(ct2.previousScrapeAt) > 0, 'previousScrapeAt is the time of the first scrape');
    assert.equal(ct2.diff, undefined);

    state.price = '25 EUR';
    const third = await fc.scrape(url, { formats });
    const ct3 = third.changeTracking as any;
    assert.equal(ct3.changeStatus, 'changed');
    assert.match(ct3.diff.text, /^--- previous\n\+\+\+ current\n@@ /);
    assert.match(ct3.diff.text, /^-.*20 EUR/m);
    assert.match(ct3.diff.text, /^\+.*25 EUR/m);
    const changes = ct3.diff.json.files[0].chunks.flatMap((c: any) => c.changes);
    assert.ok(changes.some((c: any) => c.type === 'del' && c.del === true && /20 EUR/.test(c.content) && typeof c.ln === 'number'));
    assert.ok(changes.some((c: any) => c.type === 'add' && c.add === true && /25 EUR/.test(c.content)));
    assert.match(ct3.diff.json.files[0].chunks[0].content, /^@@ -\d+,\d+ \+\d+,\d+ @@$/);

    gone = true;
    try {
      const fourth = await fc.scrape(url, { formats });
      assert.equal((fourth.changeTracking as any).changeStatus, 'removed');
    } finally {
      gone = false;
    }
  });

  test('whitespace alone is not a change', async () => {
    const url = site.url('/kettle');
    const formats = ['markdown' as const, gitDiff('ws')];
    await fc.scrape(url, { formats });
    state.note = 'A   kettle that boils\n   water quickly.';
    try {
      const again = await fc.scrape(url, { formats });
      assert.equal((again.changeTracking as any).changeStatus, 'same');
    } finally {
      state.note = 'A kettle that boils water quickly.';
    }
  });

  test('each tag keeps its own history', async () => {
    const url = site.url('/kettle');
    await fc.scrape(url, { formats: ['markdown', gitDiff('daily')] });
    const other = await fc.scrape(url, { formats: ['markdown', gitDiff('hourly')] });
    assert.equal((other.changeTracking as any).changeStatus, 'new', 'a new tag starts a new history');
    const again = await fc.scrape(url, { formats: ['markdown', gitDiff('daily')] });
    assert.equal((again.changeTracking as any).changeStatus, 'same');
  });

  test('json mode compares the extracted fields and reports each changed one with previous and current', async () => {
    const url = site.url('/kettle');
    const format = {
      type: 'changeTracking' as const,
      modes: ['json' as const],
      tag: 'json',
      schema: { type: 'object', properties: { price: { type: 'string' }, stock: { type: 'string' } } },
    };
    state.price = '30 EUR';
    const first = await fc.scrape(url, { formats: ['markdown', format] });
    assert.equal((first.changeTracking as any).changeStatus, 'new', JSON.stringify(first));
    const second = await fc.scrape(url, { formats: ['markdown', format] });
    assert.equal((second.changeTracking as any).changeStatus, 'same');

    state.stock = 'sold out';
    const third = await fc.scrape(url, { formats: ['markdown', format] });
    const ct = third.changeTracking as any;
    assert.equal(ct.changeStatus, 'changed', JSON.stringify(third));
    assert.deepEqual(ct.json, { stock: { previous: 'in stock', current: 'sold out' } });
    assert.equal(ct.diff, undefined, 'json mode alone carries no text diff');
    state.stock = 'in stock';
  });

  test('json mode ignores text outside the compared fields', async () => {
    const url = site.url('/kettle');
    const format = {
      type: 'changeTracking' as const,
      modes: ['json' as const],
      tag: 'json-only',
      schema: { type: 'object', properties: { price: { type: 'string' } } },
    };
    await fc.scrape(url, { formats: ['markdown', format] });
    state.note = 'Now with a longer cord.';
    try {
      const again = await fc.scrape(url, { formats: ['markdown', format] });
      assert.equal((again.changeTracking as any).changeStatus, 'same');
    } finally {
      state.note = 'A kettle that boils water quickly.';
    }
  });

  test('another team has its own history of the same page', async () => {
    const url = site.url('/kettle');
    const formats = ['markdown' as const, gitDiff('teams')];
    await fc.scrape(url, { formats });
    const otherTeam = new Firecrawl({ apiKey: 'other-key', apiUrl: s.url });
    const theirs = await otherTeam.scrape(url, { formats });
    assert.equal((theirs.changeTracking as any).changeStatus, 'new');
    const ours = await fc.scrape(url, { formats });
    assert.equal((ours.changeTracking as any).changeStatus, 'same');
  });

  test('a page back after a 404 is new again', async () => {
    const url = site.url('/kettle');
    const formats = ['markdown' as const, gitDiff('back')];
    await fc.scrape(url, { formats });
    gone = true;
    try {
      assert.equal(((await fc.scrape(url, { formats })).changeTracking as any).changeStatus, 'removed');
      assert.equal(((await fc.scrape(url, { formats })).changeTracking as any).changeStatus, 'same', 'still gone');
    } finally {
      gone = false;
    }
    assert.equal(((await fc.scrape(url, { formats })).changeTracking as any).changeStatus, 'new');
  });
});

const SHOP_KEY = 'fc-22222222222222222222222222222222';

describe('the changeTracking json mode with an OpenAI-compatible LLM', () => {
  let site: Site;
  let s: TestServer;
  let llm: LlmServer;
  let fc: Firecrawl;
  // What the model reads off the page; the test changes it as it changes the page.
  let price = 20;

  before(async () => {
    site = await startSite({
      '/kettle': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(productPage({ price: `${price} EUR`, stock: 'in stock', note: 'A kettle.' }));
      },
    });
    llm = await startLlmServer({
      answer: (req) => {
        const page = req.messages.map((m) => m.content).join('\n');
        const seen = /(\d+) EUR/.exec(page)?.[1];
        return { content: JSON.stringify({ price: Number(seen) }), usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 } };
      },
    });
    // A team on a plan, so spent tokens show as fewer remaining (the bootstrap team is unlimited).
    s = await startTestServer({
      TRAWL_API_KEYS: `shop:${SHOP_KEY}`,
      TRAWL_DEFAULT_PLAN: 'standard',
      TRAWL_LLM_BASE_URL: llm.url,
      TRAWL_LLM_MODEL: 'house-model',
      TRAWL_LLM_MAX_RETRIES: '0',
    });
    fc = new Firecrawl({ apiKey: SHOP_KEY, apiUrl: s.url });
  });
  after(async () => {
    await s?.close();
    await llm?.close();
    await site?.close();
  });

  test('the model reads the fields; a changed field is reported with previous and current, and its tokens are billed', async () => {
    const url = site.url('/kettle');
    const format = {
      type: 'changeTracking' as const,
      modes: ['json' as const],
      prompt: 'The price in euros',
      schema: { type: 'object', properties: { price: { type: 'number' } } },
    };
    const before = await fc.getTokenUsage();
    const first = await fc.scrape(url, { formats: ['markdown', format] });
    assert.equal((first.changeTracking as any).changeStatus, 'new', JSON.stringify(first));
    assert.ok(llm.requests.length >= 1, 'the model was asked');
    assert.match(llm.requests.at(-1)!.messages.map((m) => m.content).join('\n'), /20 EUR/);

    price = 25;
    const second = await fc.scrape(url, { formats: ['markdown', format] });
    const ct = second.changeTracking as any;
    assert.equal(ct.changeStatus, 'changed', JSON.stringify(second));
    assert.deepEqual(ct.json, { price: { previous: 20, current: 25 } });

    const after = await fc.getTokenUsage();
    assert.ok(after.remainingTokens < before.remainingTokens - 2 * 15, 'the model calls cost tokens beyond the two pages');
  });
});
