import fs from 'node:fs';
import type { Command } from 'commander';
import { type ApiOptions, clientFor, int, seconds, withApiOptions } from '../api.js';
import { followJob } from '../follow.js';

interface BatchFlags extends ApiOptions {
  input?: string;
  maxAge?: number;
  outputDir?: string;
  pollInterval?: number;
  timeout?: number;
}

/** `trawl batch URL…`: many pages at once (from the arguments or a file, one URL a line), with progress. */
export function registerBatch(program: Command) {
  withApiOptions(program.command('batch').description('scrape many URLs at once'))
    .argument('[urls...]')
    .option('-i, --input <file>', 'read URLs from this file, one a line ("-" for stdin), e.g. from `trawl map`')
    .option('--max-age <ms>', 'accept cached pages up to this old (0: always fetch)', int)
    .option('-o, --output-dir <dir>', 'write each page to its own file here (.md, or .json with --format json)')
    .option('--poll-interval <s>', 'seconds between progress checks', seconds, 1)
    .option('--timeout <s>', 'stop waiting after this many seconds (the batch goes on)', seconds)
    .action(async (args: string[], flags: BatchFlags) => {
      const fromFile = flags.input ? fs.readFileSync(flags.input === '-' ? 0 : flags.input, 'utf8').split(/\r?\n/) : [];
      const urls = [...args, ...fromFile].map((u) => u.trim()).filter((u) => u && !u.startsWith('#'));
      if (!urls.length) throw new Error('No URLs: give them as arguments or with --input FILE.');
      const trawl = clientFor(flags);
      const started = await trawl.startBatchScrape(urls, { options: { formats: ['markdown'], maxAge: flags.maxAge } });
      for (const bad of started.invalidURLs ?? []) process.stderr.write(`Skipped, not a valid URL: ${bad}\n`);
      process.stderr.write(`Batch scrape ${started.id} started.\n`);
      await followJob(trawl, 'batch', started.id, flags);
    });
}
