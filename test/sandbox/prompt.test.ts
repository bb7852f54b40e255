import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { LlmUnavailableError } from '../../src/llm/index.js';
import { createOfflineEngine } from '../../src/llm/offline/engine.js';
import { createOpenAiCompatible } from '../../src/llm/openai-compatible/provider.js';
import type { Llm } from '../../src/llm/types.js';
import { execute, PromptNeedsLlmError } from '../../src/sandbox/index.js';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server.js';
import { startSite, type Site } from '../fixtures/site.js';
import { startTestSession, type TestSession } from './session.js';

const CATALOG = `<!doctype html><html><head><title>Catalog</title></head><body>
<h1>Catalog</h1><ul><li>Blue widget — $12</li></ul>
<button id="more" onclick="document.getElementById('extra').hidden = false">Show more</button>
<p id="extra" hidden>Green widget — $20</p></body></html>`;

describe('sandbox: prompt', () => {
  let site: Site;
  let session: TestSession;
  let server: LlmServer;
  let llm: Llm;
  let plan: string[] = [];

  before(async () => {
    site = await startSite({ '/catalog': { html: CATALOG } });
    session = await startTestSession();
    server = await startLlmServer({ answer: () => JSON.stringify({ commands: plan }) });
    llm = createOpenAiCompatible({
      baseUrl: server.url,
      apiKey: 'sk-test',
      model: 'test-model',
      structuredOutput: 'auto',
      timeoutMs: 10_000,
      maxRetries: 0,
      maxInputChars: 100_000,
    });
  });

  beforeEach(async () => {
    await session.livePage.goto(site.url('/catalog'));
  });

  after(async () => {
    await session?.close();
    await site?.close();
    await server?.close();
  });

  it("turns an instruction into vocabulary commands, runs them, and answers with their output", async () => {
    plan = ['click "text=Show more"', "text '#extra'"];
    server.requests.length = 0;
    const result = await execute(session, { language: 'prompt', code: 'Reveal the hidden widget and tell me its price', timeoutMs: 20_000 }, { llm });
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.output, 'Green widget — $20\n');
    assert.equal(result.stdout, result.output);
    assert.equal(result.stderr, '+ click "text=Show more"\n+ text \'#extra\'\n', 'the commands run are traced on stderr');

    // The model saw the instruction, the vocabulary and where the page is.
    const [request] = server.requests;
    const prompt = request!.messages.map((m) => m.content).join('\n');
    assert.match(prompt, /Reveal the hidden widget/);
    assert.match(prompt, /click SELECTOR/);
    assert.match(prompt, new RegExp(`Current page: ${site.url('/catalog').replace(/[.]/g, '\\.')}`));
    assert.match(prompt, /button "Show more"/);
  });

  it('refuses a plan with commands outside the vocabulary, running none of it', async () => {
    plan = ['click "#more"', 'bash -c "cat /etc/passwd"'];
    const result = await execute(session, { language: 'prompt', code: 'do something', timeoutMs: 20_000 }, { llm });
    assert.equal(result.exitCode, 127);
    assert.match(result.error ?? '', /planned an invalid command .*unknown command "bash"/);
    assert.equal(await session.livePage.isHidden('#extra'), true, 'the valid first command did not run either');
  });

  it('needs a language model: the offline engine gives the 501 error', async () => {
    const offline = createOfflineEngine();
    await assert.rejects(
      execute(session, { language: 'prompt', code: 'click the button', timeoutMs: 5_000 }, { llm: offline }),
      (err: unknown) => err instanceof PromptNeedsLlmError && err instanceof LlmUnavailableError && /language "prompt" needs a language model/.test(err.message),
    );
  });
});
