import type { SearchHits, SearchProvider } from './provider.js';

export class SearchProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchProviderError';
  }
}

function merge<T>(lists: (T[] | undefined)[], key: (item: T) => string, limit: number): T[] | undefined {
  if (lists.every((l) => l === undefined)) return undefined;
  const seen = new Set<string>();
  return lists
    .flatMap((l) => l ?? [])
    .filter((item) => !seen.has(key(item)) && seen.add(key(item)))
    .slice(0, limit);
}

/**
 * Several providers as one: all are asked at once, and each source's results
 * are the first provider's, then the next one's that are new (same URL: the
 * earlier provider's copy wins), up to `limit`. A provider that fails only
 * costs its own results (and adds a warning) while another one answered.
 */
export function combineProviders(providers: SearchProvider[]): SearchProvider {
  return {
    name: providers.map((p) => p.name).join('+'),
    async search(params) {
      const settled = await Promise.allSettled(providers.map((p) => p.search(params)));
      params.signal.throwIfAborted();
      const answered: SearchHits[] = [];
      const warnings: string[] = [];
      settled.forEach((s, i) => {
        if (s.status === 'fulfilled') answered.push(s.value);
        else warnings.push(`The ${providers[i]!.name} search provider failed: ${(s.reason as Error)?.message ?? s.reason}`);
      });
      if (!answered.length) throw new SearchProviderError(warnings.join(' '));
      const hits: SearchHits = {};
      const web = merge(answered.map((a) => a.web), (h) => h.url, params.limit);
      const news = merge(answered.map((a) => a.news), (h) => h.url, params.limit);
      const images = merge(answered.map((a) => a.images), (h) => h.imageUrl, params.limit);
      if (web) hits.web = web;
      if (news) hits.news = news;
      if (images) hits.images = images;
      warnings.push(...answered.flatMap((a) => a.warnings ?? []));
      if (warnings.length) hits.warnings = warnings;
      return hits;
    },
  };
}
