import { Command } from 'commander';
import { ConfigError } from '../config.js';
import { VERSION } from '../version.js';
import { registerKeyCommands } from './keys.js';

const program = new Command();
program.name('trawl').description('Trawl: the self-hostable web data API').version(VERSION);

program
  .command('serve')
  .description('run the whole service in this process (API, workers, scheduler)')
  .action(async () => {
    await import('../main.js');
  });

registerKeyCommands(program);

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
  process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
