import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { createEgress } from '../egress/index.js';
import { combineProviders } from './combine.js';
import { batchedIndex, type BatchedIndex } from './index-feed.js';
import { createLocalProvider } from './local-provider.js';
import type { SearchProvider } from './provider.js';
import { createSearxngProvider } from './searxng-provider.js';

export interface SearchService {
  provider: SearchProvider;
  /** The team's fetched pages; the scrape pipeline feeds it whichever providers answer queries. */
  index: BatchedIndex;
  close(): Promise<void>;
}

/** The providers TRAWL_SEARCH_PROVIDERS names, in its order (config.ts checked the names). */
export function buildSearch(config: Pick<Config, 'egress' | 'searchProviders' | 'searxngUrl'>, store: Store): SearchService {
  const index = batchedIndex(store.pages);
  // The operator chose this address, so it may be private like a proxy's; redirects are
  // refused by the adapter, and cloud metadata addresses stay closed.
  const egress = config.searxngUrl
    ? createEgress({ ...config.egress, allowPrivateNetwork: true, timeoutMs: 60_000 })
    : undefined;
  const providers = config.searchProviders.map((name): SearchProvider => {
    if (name === 'local') return createLocalProvider(index);
    return createSearxngProvider(config.searxngUrl!, egress!);
  });
  return {
    provider: combineProviders(providers),
    index,
    async close() {
      await index.flush().catch(() => {});
      await egress?.close();
    },
  };
}
