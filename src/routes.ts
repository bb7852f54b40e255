import { VERSION } from './version.js';
import { buildOpenApi } from './http/openapi.js';
import { defineRoutes, type RouteSpec } from './http/route.js';
import { agentRoutes } from './agent/routes.js';
import { batchRoutes } from './batch/routes.js';
import { browserRoutes } from './browser-sessions/routes.js';
import { crawlRoutes } from './crawl/routes.js';
import { extractRoutes } from './extract/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { fileRoutes } from './scrape/file-routes.js';
import { keyRoutes } from './auth/routes.js';
import { mapRoutes } from './map/routes.js';
import { monitorRoutes } from './monitor/routes.js';
import { parseRoutes } from './parse/routes.js';
import { scrapeRoutes } from './scrape/routes.js';
import { searchRoutes } from './search/routes.js';
import { supportRoutes } from './support/routes.js';
import { teamRoutes } from './team/routes.js';
import type { Config } from './config.js';
import type { JobEvents } from './jobs/events.js';
import type { Queue } from './jobs/queue.js';
import type { Llm } from './llm/types.js';
import type { Scraper } from './scrape/scraper.js';
import type { SearchProvider } from './search/provider.js';
import type { BrowserSessions } from './browser-sessions/index.js';
import type { Store } from './store/store.js';

/** What the route table is built from; each feature's routes take only their part of it. */
export interface RouteDeps {
  config: Config;
  store: Store;
  queue: Queue;
  events: JobEvents;
  scraper: Scraper;
  /** The language model (or the offline engine) behind json, summary, extract and agent. */
  llm: Llm;
  /** Absent in apps built without search (some HTTP-layer tests): /v2/search then answers 501. */
  search?: SearchProvider | undefined;
  /** Absent in apps built without them (HTTP-layer tests): /v2/browser and interact then answer 501. */
  browserSessions?: BrowserSessions | undefined;
}

/** Every /v2 operation of the contract's index (§0.1), built or not. */
export function apiRoutes(deps: RouteDeps): RouteSpec[] {
  const { config, store, queue, events, scraper, llm, search, browserSessions } = deps;
  const jobs = { store, queue, events };
  const sessions = { store, llm, browserSessions };
  return [
    ...scrapeRoutes({ ...sessions, scraper }),
    ...parseRoutes({ store, llm, config }),
    ...searchRoutes({ search, scraper, store }),
    ...mapRoutes({ store, config }),
    ...crawlRoutes({ ...jobs, llm, config }),
    ...batchRoutes(jobs),
    ...extractRoutes({ ...jobs, config }),
    ...agentRoutes(jobs),
    ...browserRoutes(sessions),
    ...monitorRoutes({ store, queue, config }),
    ...teamRoutes({ store, queue }),
    ...keyRoutes({ store }),
    ...feedbackRoutes({ store }),
    ...supportRoutes,
  ];
}

/** The API plus the document that describes it. */
export function allRoutes(deps: RouteDeps): RouteSpec[] {
  const api = apiRoutes(deps);
  let doc: unknown;
  return [
    ...api,
    ...fileRoutes({ store: deps.store }),
    ...defineRoutes({
      method: 'GET',
      url: '/v2/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'Meta',
      rateClass: 'none',
      auth: false,
      handler: async () => (doc ??= buildOpenApi(api, VERSION)),
    }),
  ];
}
