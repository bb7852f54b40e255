import { LlmUnavailableError } from '../llm/errors.js';

/**
 * `prompt` execution needs a configured LLM; the route answers 501 with this message. A
 * subclass, so code that already maps LlmUnavailableError to 501 needs nothing new.
 */
export class PromptNeedsLlmError extends LlmUnavailableError {
  readonly code = 'SANDBOX_PROMPT_NEEDS_LLM';

  constructor() {
    super('language "prompt"');
    this.name = 'PromptNeedsLlmError';
  }
}
