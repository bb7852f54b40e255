import { mapRequest } from '../../api/index.js';
import { mapHandler } from '../../map/handler.js';
import { defineRoutes } from '../route.js';

export const mapRoutes = defineRoutes({
  method: 'POST',
  url: '/v2/map',
  operationId: 'map',
  summary: 'Discover the URLs of a site',
  tag: 'Map',
  rateClass: 'map',
  body: mapRequest,
  creditsRequired: () => 1,
  handler: mapHandler,
});
