import type { Command } from 'commander';
import type { SearchResultWeb } from '../../../sdk/js/src/index.js';
import { type ApiOptions, clientFor, int, list, printJson, withApiOptions } from '../api.js';

interface SearchFlags extends ApiOptions {
  limit?: number;
  sources?: string[];
  scrape?: boolean;
}

// A new server has no search provider but its own index: an empty answer usually means that, not "nothing on the web".
const NO_RESULTS =
  'No results. Unless its operator added a search provider, a Trawl server searches only its local index: the pages it has ' +
  'scraped or crawled itself (run `trawl crawl URL` to add some). To search the web, the operator sets TRAWL_SEARXNG_URL ' +
  '(see docs/search.md).';

/** `trawl search QUERY`: results as a markdown list (with each page's content when --scrape), or JSON. */
export function registerSearch(program: Command) {
  withApiOptions(program.command('search').description('search this server’s index of pages it has fetched, or the web through a configured search provider'))
    .argument('<query>')
    .option('--limit <n>', 'at most this many results per source', int)
    .option('--sources <list>', 'web, news, images; comma-separated', list)
    .option('--scrape', 'also scrape each result and show its content')
    .action(async (query: string, flags: SearchFlags) => {
      const data = await clientFor(flags).search(query, {
        limit: flags.limit,
        sources: flags.sources as ('web' | 'news' | 'images')[] | undefined,
        scrapeOptions: flags.scrape ? { formats: ['markdown'] } : undefined,
      });
      if (flags.format === 'json') return printJson(data);
      const items: Partial<SearchResultWeb>[] = [...(data.web ?? []), ...(data.news ?? []), ...(data.images ?? [])];
      if (!items.length) return void process.stderr.write(`${NO_RESULTS}\n`);
      const blocks = items.map((r) => {
        const head = `## [${r.title || r.url}](${r.url ?? r.imageUrl})`;
        const text = (r.description ?? r.snippet ?? '') as string;
        return [head, text, r.markdown?.trim()].filter(Boolean).join('\n\n');
      });
      process.stdout.write(`${blocks.join('\n\n')}\n`);
    });
}
