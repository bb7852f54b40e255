/**
 * Thrown by the offline engine's `generateJson`: free-form reasoning needs a
 * model. Callers answer 501 or fall back to a fixed plan.
 */
export class LlmUnavailableError extends Error {
  constructor(what = 'This feature') {
    super(`${what} needs a language model: set TRAWL_LLM_BASE_URL to an OpenAI-compatible API (see docs/llm.md)`);
    this.name = 'LlmUnavailableError';
  }
}

export type LlmErrorCode =
  /** No answer within TRAWL_LLM_TIMEOUT_SECONDS, after the retries. */
  | 'timeout'
  /** The endpoint could not be reached. */
  | 'network'
  /** The endpoint answered an HTTP error (status set). */
  | 'http'
  /** The endpoint answered, but not with the JSON the schema asks for, even after repair. */
  | 'invalid_answer';

/** A configured LLM failed; the message is safe to show to API users (it never carries the API key). */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export const isLlmError = (err: unknown): err is LlmError => err instanceof LlmError;
