import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type LlmServer, startLlmServer, usageFor } from '../../fixtures/llm-server.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const ACME_KEY = 'acme-team-key';

describe('crawl prompts read by an OpenAI-compatible LLM', () => {
  let llm: LlmServer;
  let s: TestServer;
  let fc: Firecrawl;
  /** The model's next answer; `fail` makes it answer 500. */
  let reply: { content: string; fail?: boolean };

  before(async () => {
    llm = await startLlmServer({ answer: () => (reply.fail ? { status: 500, content: 'model overloaded' } : reply.content) });
    // A team on a metered plan, so that getTokenUsage() shows what was spent.
    s = await startTestServer({ TRAWL_LLM_BASE_URL: llm.url, TRAWL_LLM_MAX_RETRIES: '0', TRAWL_API_KEYS: `acme:${ACME_KEY}`, TRAWL_DEFAULT_PLAN: 'standard' });
    fc = new Firecrawl({ apiKey: ACME_KEY, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await llm.close();
  });

  test('crawlParamsPreview() answers the options the model read; its tokens are billed', async () => {
    reply = { content: JSON.stringify({ includePaths: ['^/guides/.*'], limit: 40, sitemap: 'skip' }) };
    llm.requests.length = 0;
    const before = await fc.getTokenUsage();
    const data = await fc.crawlParamsPreview('https://docs.example.com', 'the guides only, forty pages at most, no sitemap');
    assert.deepEqual(data, { url: 'https://docs.example.com', includePaths: ['^/guides/.*'], limit: 40, sitemap: 'skip' });

    assert.equal(llm.requests.length, 1);
    const asked = llm.requests[0]!.messages.at(-1)!.content;
    assert.match(asked, /Start URL: https:\/\/docs\.example\.com/);
    assert.match(asked, /the guides only, forty pages at most, no sitemap/);
    const tokens = usageFor(llm.requests[0]!, reply.content).total_tokens;
    const after = await fc.getTokenUsage();
    assert.equal(before.remainingTokens - after.remainingTokens, Math.ceil(tokens / 15) * 15);
  });

  test('an answer that is not valid crawl options falls back to the rule-based reader, with a warning', async () => {
    reply = { content: JSON.stringify({ includePaths: ['(unclosed'], limit: 40 }) };
    const data = await fc.crawlParamsPreview('https://example.com', 'only the blog, up to 5 pages');
    assert.deepEqual(
      { includePaths: data.includePaths, limit: data.limit },
      { includePaths: ['^/blog(/|$).*'], limit: 5 },
    );
    assert.match(String(data.warning), /The language model could not read the prompt: its answer was not valid crawl options \(includePaths\.0: not a valid regular expression\); the rule-based reader was used instead\./);
  });

  test('a failing model falls back to the rule-based reader, with a warning', async () => {
    reply = { content: '', fail: true };
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'skip /admin' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data, { url: 'https://example.com', excludePaths: ['^/admin(/|$).*'] });
    assert.match(r.body.warning, /^The language model could not read the prompt: it failed \(.*(500|overloaded).*\); the rule-based reader was used instead\.$/);
  });

  test('a model that finds nothing to crawl in the prompt: no 400, the bare URL and a warning', async () => {
    reply = { content: '{}' };
    const r = await s.api('POST', '/v2/crawl/params-preview', { url: 'https://example.com', prompt: 'make me a sandwich' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data, { url: 'https://example.com' });
    assert.match(r.body.warning, /No crawler option could be derived from the prompt/);
  });

  test('POST /v2/crawl with a prompt crawls with what the model read; explicit fields still win', async () => {
    reply = { content: JSON.stringify({ includePaths: ['^/docs/.*'], limit: 3, delay: 1 }) };
    const r = await s.api('POST', '/v2/crawl', { url: 'https://example.com', prompt: 'three docs pages, slowly', limit: 2 }, { authorization: `Bearer ${ACME_KEY}` });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.promptGeneratedOptions, { includePaths: ['^/docs/.*'], limit: 3, delay: 1 });
    assert.equal(r.body.finalCrawlerOptions.limit, 2);
    assert.deepEqual(r.body.finalCrawlerOptions.includePaths, ['^/docs/.*']);
    await fc.cancelCrawl(r.body.id);
  });
});
