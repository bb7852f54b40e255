import { mapRequest } from '../api/index.js';
import { mapHandler, type MapDeps } from './handlers.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';

export function mapRoutes(deps: MapDeps): RouteSpec[] {
  return defineRoutes({
    method: 'POST',
    url: '/v2/map',
    operationId: 'map',
    summary: 'Discover the URLs of a site',
    tag: 'Map',
    rateClass: 'map',
    body: mapRequest,
    creditsRequired: () => 1,
    handler: (ctx) => mapHandler(deps, ctx),
  });
}
