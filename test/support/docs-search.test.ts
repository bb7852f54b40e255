import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe("POST /v2/support/docs-search: questions answered from this server's own docs", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test('the answer quotes the passages that match, and evidence names their files', async () => {
    const r = await s.api('POST', '/v2/support/docs-search', { question: 'How do I configure the LLM endpoint and its API key?' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.match(r.body.requestId, /^req_/);
    assert.match(r.body.answer, /LLM/i);
    assert.ok(r.body.evidence.length > 0);
    assert.ok(r.body.evidence.some((e: { pathOrUrl: string }) => e.pathOrUrl === 'docs/llm.md'), JSON.stringify(r.body.evidence));
    for (const e of r.body.evidence) assert.match(e.pathOrUrl, /^(README\.md|docs\/[\w-]+\.md)$/);
    assert.deepEqual(Object.keys(r.body.usage).sort(), ['inputTokens', 'outputTokens', 'totalTokens']);
    assert.equal(typeof r.body.durationMs, 'number');
  });

  test('a question nothing matches says so; an empty one is a 400', async () => {
    const none = await s.api('POST', '/v2/support/docs-search', { question: 'zxqv wvvq' });
    assert.equal(none.status, 200);
    assert.deepEqual(none.body.evidence, []);
    assert.match(none.body.answer, /Nothing in this server's documentation matches/);
    assert.equal((await s.api('POST', '/v2/support/docs-search', { question: '  ' })).status, 400);
  });
});
