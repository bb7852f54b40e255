import { browserCreateRequest, browserExecuteRequest, browserListQuery, browserLiveViewQuery } from '../api/index.js';
import {
  createSessionHandler,
  deleteSessionHandler,
  executeHandler,
  listSessionsHandler,
  liveViewPageHandler,
  type SessionDeps,
} from './handlers/sessions.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';

/** §11: the SDKs call /v2/browser…; the current API also names it /v2/interact…. */
function sessionRoutes(deps: SessionDeps, base: '/v2/browser' | '/v2/interact', idPrefix: string): RouteSpec[] {
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
      handler: (ctx) => createSessionHandler(deps, ctx),
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
      handler: (ctx) => listSessionsHandler(deps, ctx),
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
      handler: (ctx) => executeHandler(deps, ctx),
    },
    {
      method: 'DELETE',
      url: `${base}/:sessionId`,
      operationId: `${idPrefix}Delete`,
      summary: 'Destroy a browser session',
      tag: 'Browser',
      rateClass: 'crawlStatus',
      feature: 'Browser sessions',
      handler: (ctx) => deleteSessionHandler(deps, ctx),
    },
  );
}

export function browserRoutes(deps: SessionDeps): RouteSpec[] {
  return [
    ...sessionRoutes(deps, '/v2/browser', 'browser'),
    ...sessionRoutes(deps, '/v2/interact', 'interactSession'),
    ...defineRoutes({
      method: 'GET',
      url: '/v2/browser/:sessionId/live',
      operationId: 'browserLiveView',
      summary: 'Watch a browser session live (HTML page; the liveViewUrl token authorises it)',
      tag: 'Browser',
      rateClass: 'none',
      auth: false,
      query: browserLiveViewQuery,
      handler: (ctx) => liveViewPageHandler(deps, ctx),
    }),
  ];
}
