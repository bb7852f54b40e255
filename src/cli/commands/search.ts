import type { Command } from 'commander';
import type { SearchResultWeb } from '../../../sdk/js/src/index.js';
import { type ApiOptions, clientFor, int, list, printJson, withApiOptions } from '../api.js';

interface SearchFlags extends ApiOptions {
  limit?: number;
  sources?: string[];
  scrape?: boolean;
}

/** `trawl search QUERY`: results as a markdown list (with each page's content when --scrape), or JSON. */
export function registerSearch(program: Command) {
  withApiOptions(program.command('search').description('search the web (or this server’s index)'))
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
      if (!items.length) return void process.stderr.write('No results.\n');
      const blocks = items.map((r) => {
        const head = `## [${r.title || r.url}](${r.url ?? r.imageUrl})`;
        const text = (r.description ?? r.snippet ?? '') as string;
        return [head, text, r.markdown?.trim()].filter(Boolean).join('\n\n');
      });
      process.stdout.write(`${blocks.join('\n\n')}\n`);
    });
}
