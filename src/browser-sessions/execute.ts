import { notImplemented, TrawlError } from '../errors/trawl-error.js';
import type { Llm } from '../llm/types.js';
import { execute, PromptNeedsLlmError, type ExecuteLanguage, type ExecuteResult } from '../sandbox/index.js';
import type { LiveSession } from './session.js';

/** The steps of one execute or interact call: code in its language, then a prompt. */
export interface Run {
  language: 'python' | 'node' | 'bash';
  code?: string;
  prompt?: string;
  timeoutSeconds: number;
}

/** Refuses what cannot run here before the session is touched, so the caller learns at once. */
export function checkRunnable(run: Run, llm: Llm): void {
  if (run.code !== undefined && run.language === 'python') {
    throw notImplemented('Python code execution (use language "node", which has the same Playwright page, or "bash")');
  }
  if (run.prompt !== undefined && llm.offline) throw promptRefused();
}

/** 501: `prompt` without a configured model (§11.3). */
const promptRefused = (): TrawlError => new TrawlError('NOT_IMPLEMENTED', new PromptNeedsLlmError().message);

function merge(first: ExecuteResult, second: ExecuteResult): ExecuteResult {
  const stdout = first.stdout + second.stdout;
  return {
    output: second.output,
    stdout,
    result: stdout,
    stderr: first.stderr + second.stderr,
    exitCode: first.exitCode !== 0 ? first.exitCode : second.exitCode,
    killed: first.killed || second.killed,
    truncated: first.truncated || second.truncated,
    error: first.error ?? second.error,
  };
}

/**
 * Runs the call's steps against the session through the sandbox. Both code and prompt:
 * the code first, then the prompt, unless the code failed (§3.3 leaves the order to us).
 */
export async function runInSession(session: LiveSession, run: Run, llm: Llm): Promise<ExecuteResult> {
  const timeoutMs = run.timeoutSeconds * 1000;
  const step = (language: ExecuteLanguage, code: string) => session.busy(() => execute(session, { language, code, timeoutMs }, { llm }));
  try {
    let result: ExecuteResult | undefined;
    if (run.code !== undefined) result = await step(run.language as ExecuteLanguage, run.code);
    if (run.prompt !== undefined && (!result || result.exitCode === 0)) {
      const answered = await step('prompt', run.prompt);
      result = result ? merge(result, answered) : answered;
    }
    return result!;
  } catch (err) {
    if (err instanceof PromptNeedsLlmError) throw promptRefused();
    throw err;
  }
}

/** §11.3's body: the sandbox's fields, each present, plus `success`. */
export const executeBody = (result: ExecuteResult) => ({
  success: true,
  stdout: result.stdout,
  result: result.result,
  stderr: result.stderr,
  output: result.output,
  exitCode: result.exitCode,
  killed: result.killed,
  truncated: result.truncated,
  error: result.error,
});
