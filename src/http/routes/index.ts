import { VERSION } from '../../version.js';
import { buildOpenApi } from '../openapi.js';
import { defineRoutes, type RouteSpec } from '../route.js';
import { agentRoutes } from './agent.js';
import { batchRoutes } from './batch.js';
import { browserRoutes } from './browser.js';
import { crawlRoutes } from './crawl.js';
import { extractRoutes } from './extract.js';
import { feedbackRoutes } from './feedback.js';
import { fileRoutes } from './files.js';
import { keyRoutes } from './keys.js';
import { mapRoutes } from './map.js';
import { monitorRoutes } from './monitor.js';
import { parseRoutes } from './parse.js';
import { scrapeRoutes } from './scrape.js';
import { searchRoutes } from './search.js';
import { supportRoutes } from './support.js';
import { teamRoutes } from './team.js';

/** Every /v2 operation of the contract's index (§0.1), built or not. */
export function apiRoutes(): RouteSpec[] {
  return [
    ...scrapeRoutes,
    ...parseRoutes,
    ...searchRoutes,
    ...mapRoutes,
    ...crawlRoutes,
    ...batchRoutes,
    ...extractRoutes,
    ...agentRoutes,
    ...browserRoutes,
    ...monitorRoutes,
    ...teamRoutes,
    ...keyRoutes,
    ...feedbackRoutes,
    ...supportRoutes,
  ];
}

/** The API plus the document that describes it. */
export function allRoutes(api: RouteSpec[] = apiRoutes()): RouteSpec[] {
  let doc: unknown;
  return [
    ...api,
    ...fileRoutes,
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
