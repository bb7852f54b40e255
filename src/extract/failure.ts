import { isLlmError, LlmUnavailableError } from '../llm/index.js';

/**
 * The message of an error that running the job again would only repeat: the
 * model failed after its own retries, or there is no model for what was
 * asked. Null for anything else (the queue's retries may still help).
 */
export function modelFailureOf(err: unknown): string | null {
  if (isLlmError(err) || err instanceof LlmUnavailableError) return err.message;
  return null;
}
