import type { ExecuteRequest, ExecuteResult, SessionHandle } from './types.js';
import { EXIT_USAGE, failedRun, runCommands } from './vocabulary/run.js';
import { parseScript, ScriptSyntaxError } from './vocabulary/parse.js';

/**
 * `bash`: not a shell (nothing is ever spawned) but a small browsing vocabulary with shell
 * quoting, one command per line, run in-process on the session's page (docs/sandbox.md).
 */
export async function runBash(session: SessionHandle, request: ExecuteRequest): Promise<ExecuteResult> {
  let commands;
  try {
    commands = parseScript(request.code);
  } catch (err) {
    if (!(err instanceof ScriptSyntaxError)) throw err;
    return failedRun(EXIT_USAGE, err.message);
  }
  return runCommands(await session.page(), commands, request.timeoutMs);
}
