import type { Config } from '../config.js';
import type { Queue } from '../jobs/queue.js';
import type { Scraper } from '../scrape/scraper.js';
import type { Store } from '../store/store.js';
import type { Guard, RouteSpec } from './route.js';

/** What the HTTP layer is built from; main.ts and the tests assemble it. */
export interface AppDeps {
  config: Config;
  store: Store;
  queue: Queue;
  scraper: Scraper;
  routes: RouteSpec[];
  guards: Guard[];
}
