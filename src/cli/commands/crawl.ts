import type { Command } from 'commander';
import { Option } from 'commander';
import { type ApiOptions, clientFor, int, list, seconds, withApiOptions } from '../api.js';
import { followJob } from '../follow.js';

interface CrawlFlags extends ApiOptions {
  limit?: number;
  maxDepth?: number;
  includePaths?: string[];
  excludePaths?: string[];
  sitemap?: 'include' | 'skip' | 'only';
  entireDomain?: boolean;
  subdomains?: boolean;
  maxAge?: number;
  outputDir?: string;
  pollInterval?: number;
  timeout?: number;
}

/** `trawl crawl URL`: a site, page by page, with progress; each page to a file with --output-dir. */
export function registerCrawl(program: Command) {
  withApiOptions(program.command('crawl').description('crawl a site from a start URL'))
    .argument('<url>')
    .option('--limit <n>', 'at most this many pages', int)
    .option('--max-depth <n>', 'follow links at most this many hops from the start', int)
    .option('--include-paths <regexes>', 'only paths matching one of these, comma-separated', list)
    .option('--exclude-paths <regexes>', 'skip paths matching one of these, comma-separated', list)
    .addOption(new Option('--sitemap <mode>', 'use the sitemap').choices(['include', 'skip', 'only']))
    .option('--entire-domain', 'follow every internal link, not only those below the start path')
    .option('--subdomains', 'follow links to subdomains too')
    .option('--max-age <ms>', 'accept cached pages up to this old (0: always fetch)', int)
    .option('-o, --output-dir <dir>', 'write each page to its own file here (.md, or .json with --format json)')
    .option('--poll-interval <s>', 'seconds between progress checks', seconds, 1)
    .option('--timeout <s>', 'stop waiting after this many seconds (the crawl goes on)', seconds)
    .action(async (url: string, flags: CrawlFlags) => {
      const trawl = clientFor(flags);
      const started = await trawl.startCrawl(url, {
        limit: flags.limit,
        maxDiscoveryDepth: flags.maxDepth,
        includePaths: flags.includePaths,
        excludePaths: flags.excludePaths,
        sitemap: flags.sitemap,
        crawlEntireDomain: flags.entireDomain,
        allowSubdomains: flags.subdomains,
        scrapeOptions: { formats: ['markdown'], maxAge: flags.maxAge },
      });
      process.stderr.write(`Crawl ${started.id} started.\n`);
      await followJob(trawl, 'crawl', started.id, flags);
    });
}
