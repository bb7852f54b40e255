import type { Command } from 'commander';
import type { Format } from '../../../sdk/js/src/index.js';
import { type ApiOptions, clientFor, int, list, printJson, withApiOptions } from '../api.js';

interface ScrapeFlags extends ApiOptions {
  formats?: string[];
  mainContent: boolean;
  waitFor?: number;
  timeout?: number;
  maxAge?: number;
}

/** `trawl scrape URL`: one page, as markdown (default) or the whole document as JSON. */
export function registerScrape(program: Command) {
  withApiOptions(program.command('scrape').description('scrape one page'))
    .argument('<url>')
    .option('--formats <list>', 'formats to ask for, comma-separated (markdown,html,rawHtml,links,images,screenshot,…); shown with --format json', list)
    .option('--no-main-content', 'keep headers, navigation and footers')
    .option('--wait-for <ms>', 'wait this long after the page loads', int)
    .option('--timeout <ms>', 'give up after this long', int)
    .option('--max-age <ms>', 'accept a cached copy up to this old (0: always fetch)', int)
    .action(async (url: string, flags: ScrapeFlags) => {
      const formats = (flags.formats ?? ['markdown']) as Format[];
      if (flags.format === 'markdown' && !formats.includes('markdown')) formats.push('markdown');
      const doc = await clientFor(flags).scrape(url, {
        formats,
        onlyMainContent: flags.mainContent,
        waitFor: flags.waitFor,
        timeout: flags.timeout,
        maxAge: flags.maxAge,
      });
      if (flags.format === 'json') printJson(doc);
      else process.stdout.write(`${(doc.markdown ?? '').trimEnd()}\n`);
    });
}
