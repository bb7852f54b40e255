import { browserCreateRequest, browserExecuteRequest, browserListQuery, browserLiveViewQuery } from '../../api/index.js';
import {
  createSessionHandler,
  deleteSessionHandler,
  executeHandler,
  listSessionsHandler,
  liveViewPageHandler,
} from '../../sessions/handlers.js';
import { defineRoutes, type RouteSpec } from '../route.js';

/** §11: the SDKs call /v2/browser…; the current API also names it /v2/interact…. */
function sessionRoutes(base: '/v2/browser' | '/v2/interact', idPrefix: string): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: base,
      operationId: `${idPrefix}Create`,
      summary: 'Open an interactive browser session',
      tag: 'Browser',
      rateClass: 'scrape',
      body: browserCreateRequest,
      creditsRequired: () => 1,
      feature: 'Browser sessions',
      handler: createSessionHandler,
    },
    {
      method: 'GET',
      url: base,
      operationId: `${idPrefix}List`,
      summary: 'List browser sessions',
      tag: 'Browser',
      rateClass: 'crawlStatus',
      query: browserListQuery,
      feature: 'Browser sessions',
      handler: listSessionsHandler,
    },
    {
      method: 'POST',
      url: `${base}/:sessionId/execute`,
      operationId: `${idPrefix}Execute`,
      summary: 'Run code in a browser session',
      tag: 'Browser',
      rateClass: 'scrape',
      body: browserExecuteRequest,
      feature: 'Browser sessions',
      handler: executeHandler,
    },
    {
      method: 'DELETE',
      url: `${base}/:sessionId`,
      operationId: `${idPrefix}Delete`,
      summary: 'Destroy a browser session',
      tag: 'Browser',
      rateClass: 'crawlStatus',
      feature: 'Browser sessions',
      handler: deleteSessionHandler,
    },
  );
}

export const browserRoutes = [
  ...sessionRoutes('/v2/browser', 'browser'),
  ...sessionRoutes('/v2/interact', 'interactSession'),
  ...defineRoutes({
    method: 'GET',
    url: '/v2/browser/:sessionId/live',
    operationId: 'browserLiveView',
    summary: 'Watch a browser session live (HTML page; the liveViewUrl token authorises it)',
    tag: 'Browser',
    rateClass: 'none',
    auth: false,
    query: browserLiveViewQuery,
    handler: liveViewPageHandler,
  }),
];
