import { isLlmError } from '../../llm/errors.js';
import { NO_TOKENS, type TokenUsage } from '../../llm/types.js';
import type { DeriveContext, DerivedOutcome } from './deriver.js';

export const done = (usage: TokenUsage, warnings: string[]): DerivedOutcome => ({ usage, warnings, complete: true });

/** Turns a model failure into the warning the Document carries; anything else is not ours to swallow. */
export function failure(ctx: DeriveContext, what: string, err: unknown): DerivedOutcome {
  if (ctx.signal.aborted && !isLlmError(err)) {
    return { usage: NO_TOKENS, warnings: [`${what} did not finish within the scrape's timeout (${ctx.options.timeout} ms).`], complete: false };
  }
  if (!isLlmError(err)) throw err;
  return { usage: NO_TOKENS, warnings: [`${what} failed: ${err.message}`], complete: false };
}

/** The warning every offline-only result carries, so a caller knows a model would do better. */
export const OFFLINE_NOTE = 'no language model is configured (TRAWL_LLM_BASE_URL)';

/** Asks the configured model for a JSON answer about the page (through `extract`, which bounds the page text). */
export async function askModel<T>(ctx: DeriveContext, prompt: string, schema: Record<string, unknown>): Promise<{ data: T; usage: TokenUsage; warnings: string[] }> {
  const out = await ctx.llm.extract({ pages: [ctx.page], prompt, schema, signal: ctx.signal });
  return { data: out.data as T, usage: out.usage, warnings: out.warnings };
}
