import { charge } from '../../billing/credits.js';
import type { RequestContext } from '../../http/route.js';
import { llmCrawlPromptReader } from './llm-reader.js';
import type { CrawlPromptReading } from './reader.js';
import { ruleBasedCrawlPromptReader } from './rule-based.js';

/**
 * Reads a crawl prompt for a request: with the configured language model when
 * there is one (its tokens billed to the team at 15 per credit), with the
 * rules otherwise.
 */
export async function readPromptOfRequest(ctx: RequestContext, url: string, prompt: string): Promise<CrawlPromptReading> {
  const { llm, store } = ctx.deps;
  const reader = llm.offline ? ruleBasedCrawlPromptReader : llmCrawlPromptReader(llm, ruleBasedCrawlPromptReader);
  const reading = await reader.read(url, prompt);
  const tokens = reading.usage?.totalTokens ?? 0;
  if (tokens > 0) await charge(store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'crawl-prompt', tokens });
  return reading;
}
