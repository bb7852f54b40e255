import type { Command } from 'commander';
import { type ApiOptions, clientFor, jsonSchema, printJson, seconds, withApiOptions } from '../api.js';

interface ExtractFlags extends ApiOptions {
  prompt?: string;
  schema?: Record<string, unknown>;
  webSearch?: boolean;
  pollInterval?: number;
  timeout?: number;
}

/** `trawl extract URL… --prompt …`: structured data from pages, printed as JSON whatever --format says. */
export function registerExtract(program: Command) {
  withApiOptions(program.command('extract').description('extract structured data from pages with an LLM'))
    .argument('[urls...]', 'pages; end one with /* for the whole site section')
    .option('-p, --prompt <text>', 'what to extract')
    .option('-s, --schema <json|file>', 'JSON Schema of the result', jsonSchema)
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
