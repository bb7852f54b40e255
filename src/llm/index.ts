import type { Config } from '../config.js';
import { createOfflineEngine } from './offline/engine.js';
import { createOpenAiCompatible } from './openai-compatible/provider.js';
import type { Llm } from './types.js';

export * from './types.js';
export { LlmError, LlmUnavailableError, isLlmError, type LlmErrorCode } from './errors.js';

/**
 * The process's language model: the operator's OpenAI-compatible endpoint
 * when TRAWL_LLM_BASE_URL is set, otherwise the offline engine.
 */
export function buildLlm(config: Pick<Config, 'llm'>): Llm {
  const c = config.llm;
  if (!c.baseUrl) return createOfflineEngine();
  return createOpenAiCompatible({
    baseUrl: c.baseUrl,
    apiKey: c.apiKey,
    model: c.model,
    structuredOutput: c.structuredOutput,
    timeoutMs: c.timeoutMs,
    maxRetries: c.maxRetries,
    maxInputChars: c.maxInputChars,
  });
}
