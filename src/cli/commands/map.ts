import type { Command } from 'commander';
import { Option } from 'commander';
import { type ApiOptions, clientFor, int, printJson, withApiOptions } from '../api.js';

interface MapFlags extends ApiOptions {
  search?: string;
  limit?: number;
  sitemap?: 'include' | 'skip' | 'only';
  subdomains: boolean;
}

/** `trawl map URL`: a site's URLs, one a line (ready for `trawl batch --input -`), or JSON with titles. */
export function registerMap(program: Command) {
  withApiOptions(program.command('map').description("list a site's URLs"))
    .argument('<url>')
    .option('--search <text>', 'most relevant to this text first')
    .option('--limit <n>', 'at most this many URLs', int)
    .addOption(new Option('--sitemap <mode>', 'use the sitemap').choices(['include', 'skip', 'only']))
    .option('--no-subdomains', 'leave out subdomains')
    .action(async (url: string, flags: MapFlags) => {
      const { links } = await clientFor(flags).map(url, {
        search: flags.search,
        limit: flags.limit,
        sitemap: flags.sitemap,
        includeSubdomains: flags.subdomains,
      });
      if (flags.format === 'json') printJson(links);
      else process.stdout.write(links.map((l) => `${l.url}\n`).join(''));
    });
}
