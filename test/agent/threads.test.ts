import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { until } from '../batch/helpers.js';
import { GADGET, PRODUCT_SCHEMA, shopRoutes } from '../extract/pages.js';
import { type LlmRequest, type LlmServer, startLlmServer } from '../fixtures/llm-server.js';
import { type Site, startSite } from '../fixtures/site.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const OTHER_KEY = 'fc-thread-other-team-00000000000';
const isPlanning = (req: LlmRequest) => req.messages[0]!.content.includes('web research agent');

describe('agent threads (§10.7): each run a turn, later turns read the earlier ones', () => {
  let site: Site;
  let llm: LlmServer;
  let s: TestServer;
  let fc: Firecrawl;

  before(async () => {
    site = await startSite(shopRoutes());
    llm = await startLlmServer({
      // Plan: read the gadget page, then finish; the answer is the gadget.
      answer: (req) =>
        isPlanning(req)
          ? JSON.stringify(
              req.messages.some((m) => m.content.includes('Pages read so far: none'))
                ? { action: 'scrape', reason: 'read it', url: site.url('/products/gadget') }
                : { action: 'finish', reason: 'done' },
            )
          : JSON.stringify({ name: GADGET.name, price: GADGET.price }),
    });
    s = await startTestServer({ TRAWL_LLM_BASE_URL: llm.url, TRAWL_LLM_MAX_RETRIES: '0', TRAWL_API_KEYS: `other:${OTHER_KEY}` });
    fc = new Firecrawl({ apiKey: s.key, apiUrl: s.url });
  });
  after(async () => {
    await s.close();
    await llm.close();
    await site.close();
  });

  /** The run's status once it is no longer processing. */
  async function settled(id: string) {
    await until(`agent ${id} ends`, async () => (await fc.getAgentStatus(id)).status !== 'processing');
    return fc.getAgentStatus(id);
  }

  test('startAgent answers a thread; a follow-up with threadId is turn 2, its model sees turn 1; getAgentThread lists both', async () => {
    const first = await s.api('POST', '/v2/agent', { prompt: 'What does the Acme Gadget cost?', schema: PRODUCT_SCHEMA });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.match(first.body.threadId, /^[0-9a-f-]{36}$/);
    assert.equal(first.body.threadTurn, 1);
    assert.equal((await settled(first.body.id)).status, 'completed');

    llm.requests.length = 0;
    const second = await s.api('POST', '/v2/agent', { prompt: 'And in euros?', threadId: first.body.threadId });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.deepEqual([second.body.threadId, second.body.threadTurn], [first.body.threadId, 2]);
    assert.equal((await settled(second.body.id)).status, 'completed');
    const planning = llm.requests.find(isPlanning)!;
    const told = planning.messages.map((m) => m.content).join('\n');
    assert.match(told, /Earlier turns of this conversation:\n1\. Asked: What does the Acme Gadget cost\?/);
    assert.match(told, new RegExp(`Answered: .*${GADGET.name}`));

    const thread = await fc.getAgentThread(first.body.threadId, { includeData: true });
    assert.equal(thread.success, true);
    assert.equal(thread.thread?.id, first.body.threadId);
    assert.equal(thread.thread?.status, 'idle');
    const runs = thread.thread!.runs!;
    assert.deepEqual(runs.map((r) => [r.id, r.turn, r.prompt, r.status]), [
      [first.body.id, 1, 'What does the Acme Gadget cost?', 'succeeded'],
      [second.body.id, 2, 'And in euros?', 'succeeded'],
    ]);
    assert.deepEqual(runs[0]!.data, { name: GADGET.name, price: GADGET.price });
    assert.equal(typeof runs[0]!.creditsUsed, 'number');
    const lean = await s.api('GET', `/v2/agent/threads/${first.body.threadId}`);
    assert.equal('data' in lean.body.thread.runs[0], false, 'data only with includeData=true');
  });

  test("another team's thread, or an unknown one, is not found, and cannot be continued", async () => {
    const mine = await s.api('POST', '/v2/agent', { prompt: 'What does the Acme Gadget cost?', urls: [site.url('/products/gadget')] });
    const theirs = { authorization: `Bearer ${OTHER_KEY}` };
    assert.equal((await s.api('GET', `/v2/agent/threads/${mine.body.threadId}`, undefined, theirs)).status, 404);
    const hijack = await s.api('POST', '/v2/agent', { prompt: 'continue', threadId: mine.body.threadId }, theirs);
    assert.equal(hijack.status, 404);
    assert.equal(hijack.body.error, 'Thread not found');
    assert.equal((await s.api('GET', '/v2/agent/threads/0b5f3a4e-8c1d-4f7a-9e2b-3c4d5e6f7a8b')).status, 404);
  });
});
