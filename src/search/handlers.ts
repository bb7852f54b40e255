import { randomUUID } from 'node:crypto';
import { checkUrl } from '../api/common.js';
import type { SearchRequest } from '../api/index.js';
import { charge } from '../billing/credits.js';
import { notImplemented, TrawlError } from '../errors/trawl-error.js';
import type { RequestContext } from '../http/route.js';
import type { Category } from '../api/categories.js';
import { applyHighlights } from './highlights.js';
import { SearchProviderError } from './combine.js';
import type { SearchHits, SearchParams, SearchSource, SourceOptions } from './provider.js';
import { scrapeHits } from './scrape-hits.js';
import type { Scraper } from '../scrape/scraper.js';
import type { Store } from '../store/store.js';
import type { SearchProvider } from './provider.js';
import { parseTbs } from './time-filter.js';

export interface SearchDeps {
  /** Absent in apps built without search: /v2/search then answers 501. */
  search?: SearchProvider | undefined;
  scraper: Scraper;
  store: Store;
}

type Item = Record<string, unknown> & { url?: string };

/** §5.1: string `web`/`news` inherit the top-level filters (an object's own values win); `images` inherits nothing. */
function resolveSources(body: SearchRequest): SearchParams['sources'] {
  const sources: SearchParams['sources'] = {};
  for (const s of body.sources) {
    if (s.type === 'images') {
      sources.images = {};
      continue;
    }
    const own: { tbs?: string | undefined; location?: string | undefined; lang?: string | undefined; country?: string | undefined } =
      s.type === 'web' ? s : {};
    const opts: SourceOptions = {
      tbs: parseTbs(own.tbs ?? body.tbs),
      location: own.location ?? body.location,
      country: own.country ?? body.country,
      lang: own.lang ?? body.lang,
    };
    sources[s.type] = opts;
  }
  return sources;
}

const timeoutError = (ms: number) => new TrawlError('SCRAPE_TIMEOUT', `The search did not finish within its timeout of ${ms} ms`);

/** Rejects with the 408 the moment the budget is spent, whatever is still running (it is aborted). */
function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort(timeoutError(timeoutMs));
      reject(timeoutError(timeoutMs));
    }, timeoutMs);
    work(controller.signal)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

export async function searchHandler(deps: SearchDeps, ctx: RequestContext<SearchRequest>) {
  const body = ctx.body;
  if (body.enterprise?.some((e) => e !== 'default')) throw notImplemented('Enterprise search (anon, zdr)');
  const provider = deps.search;
  if (!provider) throw notImplemented('Search');
  return withDeadline(async (signal) => {
    const id = randomUUID();
    let hits: SearchHits;
    try {
      hits = await provider.search({
        query: body.query,
        sources: resolveSources(body),
        limit: body.limit,
        teamId: ctx.team.id,
        categories: body.categories.map((c) => c.type).filter((c): c is Category => c !== 'developer'),
        includeDomains: body.includeDomains ?? [],
        excludeDomains: body.excludeDomains ?? [],
        safe: body.safe,
        signal,
      });
    } catch (err) {
      signal.throwIfAborted();
      if (err instanceof SearchProviderError) throw new TrawlError('SEARCH_PROVIDER_ERROR', err.message);
      throw err;
    }
    const warnings = [...(hits.warnings ?? [])];
    const validUrl = (item: { url?: string }) => !body.ignoreInvalidURLs || (!!item.url && 'url' in checkUrl(item.url));
    const groups: Partial<Record<SearchSource, Item[]>> = {};
    if (hits.web) groups.web = hits.web.filter(validUrl).map((h) => ({ ...h }));
    if (hits.news) groups.news = hits.news.filter(validUrl).map((h) => ({ ...h }));
    if (hits.images) groups.images = hits.images.map((h) => ({ ...h }));

    const scraping = !!body.scrapeOptions && body.scrapeOptions.formats.length > 0;
    let scrapedCredits = 0;
    if (scraping) {
      const targets = [...(groups.web ?? []), ...(groups.news ?? [])];
      const results = await scrapeHits(
        targets.map((t) => t.url ?? ''),
        {
          scraper: deps.scraper,
          options: body.scrapeOptions!,
          teamId: ctx.team.id,
          apiKeyId: ctx.apiKey?.id ?? null,
          baseUrl: ctx.baseUrl,
          signal,
        },
      );
      signal.throwIfAborted();
      let failed = 0;
      results.forEach((r, i) => {
        const item = targets[i]!;
        if (r.doc) {
          const { metadata } = r.doc;
          scrapedCredits += metadata.creditsUsed;
          const title = metadata.title || item.title;
          Object.assign(item, r.doc, { url: metadata.url || item.url }, title ? { title } : {});
        } else {
          failed++;
          item.metadata = { sourceURL: item.url, url: item.url, error: r.error };
        }
      });
      if (failed) warnings.push(`${failed} of ${targets.length} results could not be scraped; see their metadata.error.`);
    }
    if (body.highlights) applyHighlights(body.query, groups);

    for (const items of Object.values(groups)) items.forEach((item, i) => (item.position = i + 1));
    // §1.10: 1 credit per result without scraping; with it, the scraper charged each page and images cost 1 each.
    signal.throwIfAborted();
    const charged = scraping ? (groups.images?.length ?? 0) : Object.values(groups).reduce((n, g) => n + g.length, 0);
    if (charged > 0) await charge(deps.store, { teamId: ctx.team.id, apiKeyId: ctx.apiKey?.id ?? null, kind: 'search', jobId: id, credits: charged });
    return {
      success: true,
      data: groups,
      id,
      creditsUsed: charged + scrapedCredits,
      ...(warnings.length && { warning: warnings.join(' ') }),
    };
  }, body.timeout);
}
