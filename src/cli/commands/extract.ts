import fs from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { type ApiOptions, clientFor, printJson, seconds, withApiOptions } from '../api.js';

interface ExtractFlags extends ApiOptions {
  prompt?: string;
  schema?: Record<string, unknown>;
  webSearch?: boolean;
  pollInterval?: number;
  timeout?: number;
}

/** A JSON Schema given inline or as a file name. */
function schema(value: string): Record<string, unknown> {
  const text = value.trim().startsWith('{') ? value : fs.existsSync(value) ? fs.readFileSync(value, 'utf8') : undefined;
  if (text === undefined) throw new InvalidArgumentError('expected JSON or the name of a JSON file');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InvalidArgumentError(`not JSON (${(err as Error).message})`);
  }
}

/** `trawl extract URL… --prompt …`: structured data from pages, printed as JSON whatever --format says. */
export function registerExtract(program: Command) {
  withApiOptions(program.command('extract').description('extract structured data from pages with an LLM'))
    .argument('[urls...]', 'pages; end one with /* for the whole site section')
    .option('-p, --prompt <text>', 'what to extract')
    .option('-s, --schema <json|file>', 'JSON Schema of the result', schema)
    .option('--web-search', 'let it search the web for more sources')
    .option('--poll-interval <s>', 'seconds between status checks', seconds, 1)
    .option('--timeout <s>', 'stop waiting after this many seconds', seconds)
    .action(async (urls: string[], flags: ExtractFlags) => {
      if (!urls.length && !flags.prompt) throw new Error('Give URLs, a --prompt, or both.');
      const result = await clientFor(flags).extract({
        urls: urls.length ? urls : undefined,
        prompt: flags.prompt,
        schema: flags.schema,
        enableWebSearch: flags.webSearch,
        pollInterval: flags.pollInterval,
        timeout: flags.timeout,
      });
      if (result.warning) process.stderr.write(`Warning: ${result.warning}\n`);
      printJson(flags.format === 'json' ? result : result.data);
    });
}
