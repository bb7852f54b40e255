import { extractRequest } from '../../api/index.js';
import { startExtract } from '../../extract/start.js';
import { extractStatus } from '../../extract/status.js';
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
    handler: startExtract,
  },
  {
    method: 'GET',
    url: '/v2/extract/:id',
    operationId: 'getExtractStatus',
    summary: 'Extract job status',
    tag: 'Extract',
    rateClass: 'extractStatus',
    handler: extractStatus,
  },
);
