import assert from 'node:assert/strict';
import type Firecrawl from '@mendable/firecrawl-js';
import type { TestServer } from '../helpers/server.js';

/** The SDK's extract answer with the §9.2 fields its type leaves out. */
export type Extracted = Awaited<ReturnType<Firecrawl['extract']>> & { tokensUsed?: number; sources?: Record<string, string[]> };

export const extractWith = async (fc: Firecrawl, args: Parameters<Firecrawl['extract']>[0]) => (await fc.extract(args)) as Extracted;

/** Polls the extract's status until it has ended (the deadline only bounds a hang); answers that last status body. */
export async function waitForExtract(s: TestServer, id: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await s.api('GET', `/v2/extract/${id}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (r.body.status !== 'processing') return r.body;
    if (Date.now() > end) throw new Error(`extract ${id} still processing: ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
