import { parseFormats } from '../../parse/formats.js';
import { parseHandler } from '../../parse/handler.js';
import { defineRoutes } from '../route.js';

export const parseRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/parse',
    operationId: 'parse',
    summary: 'Convert an uploaded file (multipart/form-data: file, options)',
    tag: 'Parse',
    rateClass: 'scrape',
    creditsRequired: () => 1,
    handler: parseHandler,
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
