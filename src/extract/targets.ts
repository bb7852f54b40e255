import { checkUrl } from '../api/common.js';
import type { Fetcher } from '../crawl/robots.js';
import { normalizeUrl, urlKey } from '../crawl/url.js';
import { mapSite } from '../map/discover.js';
import type { SearchProvider } from '../search/provider.js';

/** Pages an extract reads when the request sets no `limit`; `limit` can raise it to MAX_PAGES. */
const DEFAULT_PAGES = 10;
const MAX_PAGES = 50;
/** Hits of the web search (`enableWebSearch`) added to the pages. */
const SEARCH_HITS = 5;

export interface TargetDeps {
  /** Sitemaps and section pages are read through it, under the egress rules. */
  fetcher: Fetcher;
  search?: SearchProvider | undefined;
}

interface TargetRequest {
  urls: string[];
  prompt?: string | undefined;
  limit?: number | undefined;
  ignoreSitemap: boolean;
  includeSubdomains: boolean;
  /** Search the web for the prompt (forced when no URL was given). */
  webSearch: boolean;
  teamId: string;
}

export interface Targets {
  urls: string[];
  warnings: string[];
  /** Results the web search answered, each billed like a search result. */
  searchResults: number;
}

const isGlob = (url: string) => url.endsWith('/*');

/**
 * The pages an extract reads: the URLs as given, each `/*` section expanded
 * the way `/v2/map` finds a site's URLs (sitemap, then the section's links
 * and a bounded crawl of up to 10 of its pages), ranked by the prompt; then
 * the web search's hits. Explicit URLs always count; expansions fill up to
 * the page budget.
 */
export async function expandTargets(deps: TargetDeps, req: TargetRequest, signal: AbortSignal): Promise<Targets> {
  const budget = Math.min(req.limit ?? DEFAULT_PAGES, MAX_PAGES);
  const warnings: string[] = [];
  const explicit: string[] = [];
  const found: string[] = [];
  for (const url of req.urls) {
    if (!isGlob(url)) {
      explicit.push(url);
      continue;
    }
    const section = url.slice(0, -2) || url;
    try {
      const links = await mapSite(deps.fetcher, {
        url: normalizeUrl(section)?.href ?? section,
        ...(req.prompt && { search: req.prompt }),
        sitemap: req.ignoreSitemap ? 'skip' : 'include',
        includeSubdomains: req.includeSubdomains,
        ignoreQueryParameters: true,
        filterByPath: true,
        limit: budget,
        signal,
      });
      // The section's own page (often a listing) after the pages under it, which say more about each thing.
      const start = normalizeUrl(section)?.href;
      found.push(...links.map((l) => l.url).filter((u) => u !== start), ...links.map((l) => l.url).filter((u) => u === start));
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      warnings.push(`${url} could not be expanded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  let searchResults = 0;
  if ((req.webSearch || !req.urls.length) && req.prompt) {
    if (!deps.search) {
      warnings.push('Web search is not available on this server; only the given URLs were read.');
    } else {
      const hits = await deps.search.search({
        query: req.prompt,
        sources: { web: {} },
        limit: SEARCH_HITS,
        teamId: req.teamId,
        categories: [],
        includeDomains: [],
        excludeDomains: [],
        signal,
      });
      const web = hits.web ?? [];
      searchResults = web.length;
      for (const hit of web) {
        const checked = checkUrl(hit.url);
        if ('url' in checked) found.push(checked.url);
      }
      if (!web.length) warnings.push(`The web search for the prompt found nothing.`);
    }
  }

  const seen = new Set<string>();
  const unique = (url: string) => {
    const parsed = normalizeUrl(url);
    const key = parsed ? urlKey(parsed, { ignoreQueryParameters: false }) : url;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const urls = explicit.filter(unique);
  const extra = found.filter(unique);
  const room = Math.max(0, budget - urls.length);
  if (extra.length > room) {
    warnings.push(`${extra.length - room} more pages were found than the limit of ${budget} pages lets an extract read; raise \`limit\` (up to ${MAX_PAGES}) to read them.`);
  }
  urls.push(...extra.slice(0, room));
  return { urls, warnings, searchResults };
}
