import type { Page } from 'playwright-core';
import { LlmUnavailableError } from '../llm/errors.js';
import type { JsonSchema } from '../llm/types.js';
import { PromptNeedsLlmError } from './errors.js';
import { KILLED_EXIT_CODE } from './limits.js';
import type { ExecuteDeps, ExecuteRequest, ExecuteResult, SessionHandle } from './types.js';
import { helpText } from './vocabulary/commands.js';
import { splitWords, ScriptSyntaxError, type CommandLine } from './vocabulary/parse.js';
import { EXIT_FAILED, EXIT_USAGE, failedRun, runCommands, usageError } from './vocabulary/run.js';

/** Enough of the page's accessibility tree to pick selectors, without flooding the model. */
const SNAPSHOT_CHARS = 8_000;
const MAX_COMMANDS = 50;

const PLAN_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    commands: {
      type: 'array',
      description: 'Browser commands to run in order, one command line per item.',
      items: { type: 'string' },
      maxItems: MAX_COMMANDS,
    },
  },
  required: ['commands'],
  additionalProperties: false,
};

const SYSTEM_PROMPT = `You drive a web browser for a user by writing commands in a small command language.
One command per item; arguments are quoted like a POSIX shell ('single' or "double" quotes), with no
pipes, variables or other shell syntax. The commands:

${helpText()}

Selectors are CSS (\`button.primary\`, \`#q\`), Playwright text selectors (\`text=Sign in\`) or role
selectors (\`role=link[name="Pricing"]\`). End with the command(s) whose output answers the user:
\`text\`, \`scrape\`, \`snapshot\`, \`eval\`, \`title\` or \`url\`. Answer with JSON: {"commands": [...]}.`;

async function pageState(page: Page): Promise<string> {
  const url = page.url();
  if (url === 'about:blank') return 'The page is blank (nothing opened yet).';
  const title = await page.title().catch(() => '');
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5_000 })
    .catch(() => '(no accessibility tree available)');
  const cut = tree.length > SNAPSHOT_CHARS ? `${tree.slice(0, SNAPSHOT_CHARS)}\n… (cut)` : tree;
  return `Current page: ${url}\nTitle: ${JSON.stringify(title)}\nAccessibility tree:\n${cut}`;
}

/**
 * `prompt`: the LLM turns the instruction into vocabulary commands (seeing the page's URL,
 * title and accessibility tree), which then run like a `bash` script. The commands run are
 * listed on stderr, `+ command` per line as `set -x` would, so the caller can replay them.
 */
export async function runPrompt(session: SessionHandle, request: ExecuteRequest, deps: ExecuteDeps): Promise<ExecuteResult> {
  if (deps.llm.offline) throw new PromptNeedsLlmError();
  const page = await session.page();
  const started = Date.now();
  const signal = AbortSignal.timeout(request.timeoutMs);
  let planned: unknown;
  try {
    const answer = await deps.llm.generateJson<{ commands?: unknown }>({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `${await pageState(page)}\n\nInstruction: ${request.code}` },
      ],
      schema: PLAN_SCHEMA,
      signal,
    });
    planned = answer.data.commands;
  } catch (err) {
    if (err instanceof LlmUnavailableError) throw new PromptNeedsLlmError();
    if (signal.aborted) {
      const message = `the language model did not answer within the time limit (${request.timeoutMs} ms)`;
      return { ...failedRun(KILLED_EXIT_CODE, message), killed: true };
    }
    return failedRun(EXIT_FAILED, `the language model could not plan the commands: ${(err as Error)?.message ?? String(err)}`);
  }
  if (!Array.isArray(planned) || !planned.every((c): c is string => typeof c === 'string')) {
    return failedRun(EXIT_FAILED, 'the language model did not answer a list of commands');
  }

  const commands: CommandLine[] = [];
  for (const [index, text] of planned.slice(0, MAX_COMMANDS).entries()) {
    try {
      const argv = splitWords(text.trim(), index + 1);
      if (argv.length > 0) commands.push({ line: index + 1, argv });
    } catch (err) {
      if (!(err instanceof ScriptSyntaxError)) throw err;
      return failedRun(EXIT_USAGE, `the language model planned an invalid command (${err.message}): ${text}`);
    }
  }
  for (const command of commands) {
    const problem = usageError(command);
    if (problem) return failedRun(problem.code, `the language model planned an invalid command (${problem.message})`);
  }

  const trace = commands.map((c) => `+ ${planned[c.line - 1]!.trim()}\n`).join('');
  const result = await runCommands(page, commands, Math.max(1, request.timeoutMs - (Date.now() - started)));
  return { ...result, stderr: trace + result.stderr };
}
