import { after, before } from 'node:test';
import Firecrawl from '@mendable/firecrawl-js';
import { type LlmServer, type LlmServerOptions, startLlmServer } from '../../fixtures/llm-server.js';
import { type Routes, type Site, startSite } from '../../fixtures/site.js';
import { startTestServer, TEST_KEY, type TestServer } from '../../helpers/server.js';

/**
 * The servers every format test needs, started by the suite that calls these
 * (they register node:test hooks): the fixture site, then a Trawl either
 * offline or wired to a scripted OpenAI-compatible LLM. Fields fill in once
 * the suite's `before` hooks have run.
 */

export function useSite(routes: Routes): { site: Site } {
  const out = {} as { site: Site };
  before(async () => {
    out.site = await startSite(routes);
  });
  after(() => out.site.close());
  return out;
}

export interface Trawl {
  s: TestServer;
  fc: Firecrawl;
}

export function useOfflineTrawl(): Trawl {
  const out = {} as Trawl;
  before(async () => {
    out.s = await startTestServer();
    out.fc = new Firecrawl({ apiKey: TEST_KEY, apiUrl: out.s.url });
  });
  after(() => out.s.close());
  return out;
}

export function useLlmTrawl(answer: LlmServerOptions['answer']): Trawl & { llm: LlmServer } {
  const out = {} as Trawl & { llm: LlmServer };
  before(async () => {
    out.llm = await startLlmServer({ answer });
    out.s = await startTestServer({ TRAWL_LLM_BASE_URL: out.llm.url, TRAWL_LLM_MODEL: 'house-model', TRAWL_LLM_MAX_RETRIES: '0' });
    out.fc = new Firecrawl({ apiKey: TEST_KEY, apiUrl: out.s.url });
  });
  after(async () => {
    await out.s.close();
    await out.llm.close();
  });
  return out;
}

/** Everything the model was sent in its last request, as one text. */
export const lastPrompt = (llm: LlmServer) => llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
