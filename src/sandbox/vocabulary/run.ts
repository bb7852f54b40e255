import type { Page } from 'playwright-core';
import { KILLED_EXIT_CODE, STREAM_CAP_BYTES } from '../limits.js';
import type { ExecuteResult } from '../types.js';
import { COMMANDS, CommandError, type CommandSpec } from './commands.js';
import type { CommandLine } from './parse.js';

/** Exit codes as a shell would give them. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_UNKNOWN_COMMAND = 127;

class TimeLimit extends Error {}

/** Appends text up to the byte cap; past it, remembers that something was cut. */
class CappedText {
  private text = '';
  private bytes = 0;
  truncated = false;

  append(chunk: string): void {
    if (chunk === '') return;
    const line = chunk.endsWith('\n') ? chunk : `${chunk}\n`;
    const size = Buffer.byteLength(line);
    if (this.bytes + size <= STREAM_CAP_BYTES) {
      this.text += line;
      this.bytes += size;
      return;
    }
    const room = STREAM_CAP_BYTES - this.bytes;
    // Cut on a character boundary: decoding a cut byte sequence drops its partial last character.
    const kept = Buffer.from(line).subarray(0, room).toString('utf8').replace(/\uFFFD$/, '');
    this.text += kept;
    this.bytes += Buffer.byteLength(kept);
    this.truncated = true;
  }

  toString(): string {
    return this.text;
  }
}

export function usageError(command: CommandLine): { code: number; message: string } | undefined {
  const [name, ...args] = command.argv;
  const spec = COMMANDS.get(name!);
  if (!spec) {
    return {
      code: EXIT_UNKNOWN_COMMAND,
      message: `line ${command.line}: unknown command ${JSON.stringify(name)} (commands: ${[...COMMANDS.keys()].join(', ')})`,
    };
  }
  if (args.length < spec.minArgs || args.length > spec.maxArgs) {
    return { code: EXIT_USAGE, message: `line ${command.line}: usage: ${spec.usage}` };
  }
  return undefined;
}

/** A run stopped before any command ran: nothing printed, the reason on stderr. */
export function failedRun(exitCode: number, message: string): ExecuteResult {
  return { output: '', stdout: '', result: '', stderr: `${message}\n`, exitCode, killed: false, truncated: false, error: message };
}

function reason(err: unknown): string {
  if (err instanceof CommandError) return err.message;
  // Playwright's messages carry a call log after the first line; the first line says it all.
  return ((err as Error)?.message ?? String(err)).split('\n')[0]!;
}

/**
 * Runs vocabulary commands against `page`, stopping at the first failure (like `set -e`).
 * The whole script is checked before anything runs, so a typo on the last line does not
 * leave the page half-driven. Each command's printed text is one line (or block) of stdout.
 */
export async function runCommands(page: Page, commands: readonly CommandLine[], timeoutMs: number): Promise<ExecuteResult> {
  const stdout = new CappedText();
  const stderr = new CappedText();
  const finish = (exitCode: number, error: string | null, killed = false): ExecuteResult => {
    if (error !== null) stderr.append(error);
    const out = stdout.toString();
    return { output: out, stdout: out, result: out, stderr: stderr.toString(), exitCode, killed, truncated: stdout.truncated || stderr.truncated, error };
  };

  for (const command of commands) {
    const problem = usageError(command);
    if (problem) return finish(problem.code, problem.message);
  }

  const deadline = Date.now() + timeoutMs;
  const remaining = (): number => Math.max(1, deadline - Date.now());
  for (const command of commands) {
    const [name, ...args] = command.argv;
    const spec = COMMANDS.get(name!) as CommandSpec;
    const stopped = (): ExecuteResult =>
      finish(KILLED_EXIT_CODE, `line ${command.line}: ${name}: stopped at the time limit (${timeoutMs} ms)`, true);
    if (Date.now() >= deadline) return stopped();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeLimit()), remaining());
    });
    try {
      stdout.append(await Promise.race([spec.run({ page, remaining }, args), limit]));
    } catch (err) {
      if (err instanceof TimeLimit || Date.now() >= deadline) return stopped();
      return finish(EXIT_FAILED, `line ${command.line}: ${name}: ${reason(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }
  return finish(0, null);
}
