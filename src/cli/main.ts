import { Command } from 'commander';
import { TrawlError } from '../../sdk/js/src/index.js';
import { ConfigError } from '../config.js';
import { VERSION } from '../version.js';
import { describeError } from './api.js';
import { registerBatch } from './commands/batch.js';
import { registerCrawl } from './commands/crawl.js';
import { registerExtract } from './commands/extract.js';
import { registerMap } from './commands/map.js';
import { registerParse } from './commands/parse.js';
import { registerScrape } from './commands/scrape.js';
import { registerSearch } from './commands/search.js';
import { registerKeyCommands } from './keys.js';

const program = new Command();
program.name('trawl').description('Trawl: the self-hostable web data API').version(VERSION);

program
  .command('serve')
  .description('run the whole service in this process (API, workers, scheduler)')
  .action(async () => {
    await import('../main.js');
  });

// One role each, for several machines sharing PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): see docs/deploy.md.
program
  .command('api')
  .description('answer the HTTP API only; `trawl worker` processes run the work')
  .action(async () => {
    process.env.TRAWL_ROLE = 'api';
    await import('../main.js');
  });

program
  .command('worker')
  .description('run queued work (crawls, batches, extracts, monitors) without serving HTTP')
  .action(async () => {
    process.env.TRAWL_ROLE = 'worker';
    await import('../main.js');
  });

registerKeyCommands(program);

// Clients of a running server, through the JS SDK.
registerScrape(program);
registerCrawl(program);
registerBatch(program);
registerMap(program);
registerSearch(program);
registerExtract(program);
registerParse(program);

program
  .command('mcp')
  .description('serve the Trawl tools to an MCP client over stdio, calling a Trawl server over HTTP')
  .option('--api-url <url>', 'Trawl server to call (env TRAWL_API_URL)', process.env.TRAWL_API_URL ?? 'http://localhost:3002')
  .option('--api-key <key>', 'API key for that server (env TRAWL_API_KEY)', process.env.TRAWL_API_KEY)
  .action(async (opts: { apiUrl: string; apiKey?: string }) => {
    const { serveStdio } = await import('../mcp/stdio.js');
    await serveStdio(opts.apiUrl, opts.apiKey);
  });

program.parseAsync().catch((err: unknown) => {
  const message = err instanceof TrawlError ? describeError(err) : err instanceof ConfigError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
