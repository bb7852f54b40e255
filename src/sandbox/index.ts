import { runBash } from './bash.js';
import { runNode } from './node.js';
import { runPrompt } from './prompt.js';
import type { ExecuteDeps, ExecuteRequest, ExecuteResult, SessionHandle } from './types.js';

export { PromptNeedsLlmError } from './errors.js';
export type { ExecuteDeps, ExecuteLanguage, ExecuteRequest, ExecuteResult, SessionHandle } from './types.js';

/**
 * Runs `request` against a live browser session (§11.3, §3.3). `node` runs in a separate,
 * locked-down process; `bash` and `prompt` run a fixed browsing vocabulary in-process.
 * A failure of the caller's code is a result (non-zero exitCode, `error`), never a throw;
 * only `prompt` without a usable LLM throws (PromptNeedsLlmError → 501).
 */
export async function execute(session: SessionHandle, request: ExecuteRequest, deps: ExecuteDeps): Promise<ExecuteResult> {
  switch (request.language) {
    case 'node':
      return runNode(session, request);
    case 'bash':
      return runBash(session, request);
    case 'prompt':
      return runPrompt(session, request, deps);
  }
}
