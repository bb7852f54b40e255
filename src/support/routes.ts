import { docsSearchRequest } from '../api/index.js';
import { docsSearch } from './docs-search.js';
import { defineRoutes } from '../http/route.js';

export const supportRoutes = defineRoutes({
  method: 'POST',
  url: '/v2/support/docs-search',
  operationId: 'searchSupportDocs',
  summary: "Answer a question from this server's own documentation",
  tag: 'Support',
  rateClass: 'crawlStatus',
  body: docsSearchRequest,
  handler: docsSearch,
});
