import { extractRequest } from '../api/index.js';
import { startExtract } from './handlers/start.js';
import { extractStatus } from './handlers/status.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { JobStartDeps } from '../jobs/start-deps.js';
import type { Config } from '../config.js';

export function extractRoutes(deps: JobStartDeps & { config: Pick<Config, 'extractMaxUrls'> }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/extract',
      operationId: 'extract',
      summary: 'Start a structured extraction across pages',
      tag: 'Extract',
      rateClass: 'extract',
      body: extractRequest,
      creditsRequired: () => 1,
      handler: (ctx) => startExtract(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/extract/:id',
      operationId: 'getExtractStatus',
      summary: 'Extract job status',
      tag: 'Extract',
      rateClass: 'extractStatus',
      handler: (ctx) => extractStatus(deps, ctx),
    },
  );
}
