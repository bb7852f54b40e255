import { NO_TOKENS, type TokenUsage } from './types.js';

export function addUsage(...parts: TokenUsage[]): TokenUsage {
  return parts.reduce(
    (a, b) => ({
      promptTokens: a.promptTokens + b.promptTokens,
      completionTokens: a.completionTokens + b.completionTokens,
      totalTokens: a.totalTokens + b.totalTokens,
    }),
    NO_TOKENS,
  );
}

/** Roughly four characters a token for the Latin-script text pages mostly are. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
