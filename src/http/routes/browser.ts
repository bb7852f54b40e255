import { browserCreateRequest, browserExecuteRequest, browserListQuery } from '../../api/index.js';
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
    },
    {
      method: 'DELETE',
      url: `${base}/:sessionId`,
      operationId: `${idPrefix}Delete`,
      summary: 'Destroy a browser session',
      tag: 'Browser',
      rateClass: 'crawlStatus',
      feature: 'Browser sessions',
    },
  );
}

export const browserRoutes = [...sessionRoutes('/v2/browser', 'browser'), ...sessionRoutes('/v2/interact', 'interactSession')];
