import { extractRequest } from '../../api/index.js';
import { defineRoutes } from '../route.js';

export const extractRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/extract',
    operationId: 'extract',
    summary: 'Start a structured extraction across pages',
    tag: 'Extract',
    rateClass: 'extract',
    body: extractRequest,
    creditsRequired: () => 1,
    feature: 'Extract',
  },
  {
    method: 'GET',
    url: '/v2/extract/:id',
    operationId: 'getExtractStatus',
    summary: 'Extract job status',
    tag: 'Extract',
    rateClass: 'extractStatus',
    feature: 'Extract',
  },
);
