import { parseFormats } from './formats.js';
import { parseHandler } from './handlers.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { ParseDeps } from './handlers.js';

export function parseRoutes(deps: ParseDeps): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/parse',
      operationId: 'parse',
      summary: 'Convert an uploaded file (multipart/form-data: file, options)',
      tag: 'Parse',
      rateClass: 'scrape',
      creditsRequired: () => 1,
      handler: (ctx) => parseHandler(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/parse/formats',
      operationId: 'getParseFormats',
      summary: 'File formats the parse endpoint reads',
      tag: 'Parse',
      rateClass: 'crawlStatus',
      handler: parseFormats,
    },
  );
}
