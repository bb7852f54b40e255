import { categoryOf } from '../api/categories.js';
import { hostMatches } from './domains.js';
import type { PageHit, PageQuery, PageStore } from '../store/pages.js';
import type { SearchHits, SearchParams, SearchProvider, SourceOptions } from './provider.js';
import { parseQuery } from './query-syntax.js';

/**
 * Searches what this Trawl has fetched for the team. `tbs` filters on the time
 * a page was fetched (the only date every page has); location, country and
 * language do not apply to an index of one's own pages.
 */
export function createLocalProvider(index: PageStore): SearchProvider {
  return {
    name: 'local',
    async search(params: SearchParams): Promise<SearchHits> {
      const parsed = parseQuery(params.query);
      // A site: and includeDomains must both hold: whichever of the two lies within the other.
      const include = params.includeDomains;
      const hosts =
        parsed.sites.length && include.length
          ? [...parsed.sites.filter((h) => hostMatches(h, include)), ...include.filter((h) => hostMatches(h, parsed.sites))]
          : [...parsed.sites, ...include];
      const base = {
        teamId: params.teamId,
        required: parsed.required,
        excluded: parsed.excluded,
        hosts,
        excludedHosts: [...parsed.excludedSites, ...params.excludeDomains],
        pdfOnly: parsed.fileTypes.includes('pdf'),
        limit: params.limit,
      };
      const impossible = parsed.sites.length > 0 && hosts.length === 0;
      const find = async (source: SourceOptions | undefined, extra: Partial<PageQuery>): Promise<PageHit[]> => {
        const query: PageQuery = {
          ...base,
          categories: [],
          fetchedSince: source?.tbs?.since,
          fetchedUntil: source?.tbs?.until,
          order: source?.tbs?.sortByDate ? 'date' : 'relevance',
          ...extra,
        };
        if (impossible) return [];
        const all = await index.search(query);
        // Every word required finds nothing for a long natural-language question over a small index:
        // fall back to any word, still ranked by bm25.
        return all.length || query.required.length < 2 ? all : index.search({ ...query, matchAny: true });
      };

      const hits: SearchHits = {};
      const { web, news, images } = params.sources;
      if (web) {
        hits.web = (await find(web, { categories: params.categories })).map((h) => {
          const category = categoryOf(h.url, params.categories, h.contentType);
          return { url: h.url, title: h.title, description: h.snippet, ...(category && { category }) };
        });
      }
      if (news) {
        hits.news = (await find(news, { articlesOnly: true })).map((h) => ({
          url: h.url,
          title: h.title,
          snippet: h.snippet,
          ...(h.publishedAt && { date: h.publishedAt }),
          ...(h.images[0] && { imageUrl: h.images[0] }),
        }));
      }
      if (images) {
        // Images carry no text of their own: they are found through the pages that showed them.
        const pages = await find(images, { withImages: true });
        const seen = new Set<string>();
        hits.images = pages
          .flatMap((p) => p.images.map((imageUrl) => ({ imageUrl, url: p.url, title: p.title })))
          .filter((i) => !seen.has(i.imageUrl) && seen.add(i.imageUrl))
          .slice(0, params.limit);
      }
      return hits;
    },
  };
}
