import type { Config } from '../config.js';
import type { JobEvents } from '../jobs/events.js';
import type { Llm } from '../llm/types.js';
import type { Queue } from '../jobs/queue.js';
import type { Scraper } from '../scrape/scraper.js';
import type { SearchProvider } from '../search/provider.js';
import type { BrowserSessions } from '../sessions/index.js';
import type { Store } from '../store/store.js';
import type { Guard, RouteSpec } from './route.js';

/** What the HTTP layer is built from; main.ts and the tests assemble it. */
export interface AppDeps {
  config: Config;
  store: Store;
  queue: Queue;
  events: JobEvents;
  scraper: Scraper;
  /** The language model (or the offline engine) behind json, summary, extract and agent. */
  llm: Llm;
  /** Absent in apps built without search (some HTTP-layer tests): /v2/search then answers 501. */
  search?: SearchProvider;
  /** Absent in apps built without them (HTTP-layer tests): /v2/browser and interact then answer 501. */
  browserSessions?: BrowserSessions;
  routes: RouteSpec[];
  guards: Guard[];
}
