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

program.parseAsync().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
