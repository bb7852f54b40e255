import { createBrowserEngine } from '../browser/index.js';
import type { Config } from '../config.js';
import { buildLlm } from '../llm/index.js';
import { createEgress } from '../egress/index.js';
import type { Store } from '../store/store.js';
import { createScraper, type ScraperDeps } from './pipeline.js';
import type { Scraper } from './scraper.js';

export type { Document } from '../api/document.js';
export type { ScrapeInput, Scraper } from './scraper.js';
export { ScrapeError, isScrapeError } from './errors.js';

/**
 * The scraper of one process: one guarded HTTP client and one (lazily
 * launched) browser, both under the operator's egress rules and, when
 * configured, behind the operator's proxies.
 */
export function buildScraper(
  config: Pick<Config, 'egress' | 'browserPages' | 'chromiumPath' | 'proxyUrl' | 'enhancedProxyUrl' | 'resultRetentionMs' | 'llm'>,
  store: Store,
  hooks: Partial<Pick<ScraperDeps, 'onFreshPage' | 'llm'>> = {},
): Scraper {
  const policy = config.egress;
  return createScraper({
    store,
    egress: createEgress(policy),
    browser: createBrowserEngine({
      ...policy,
      maxPages: config.browserPages,
      ...(config.chromiumPath && { executablePath: config.chromiumPath }),
    }),
    proxies: {
      ...(config.proxyUrl && { basic: config.proxyUrl }),
      ...(config.enhancedProxyUrl && { enhanced: config.enhancedProxyUrl }),
    },
    resultRetentionMs: config.resultRetentionMs,
    ...hooks,
    llm: hooks.llm ?? buildLlm(config),
  });
}
