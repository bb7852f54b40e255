import { searchFeedbackParams, searchFeedbackRequest, searchRequest } from '../api/index.js';
import { searchFeedbackHandler } from '../feedback/handlers.js';
import { searchHandler } from './handlers.js';
import { cloudOnly } from './cloud-only.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { SearchDeps } from './handlers.js';

/** Firecrawl's own indexes: a self-hosted server has none, and answers as Firecrawl does a team without them. */
const notEnabled = async () => {
  throw cloudOnly();
};

export function searchRoutes(deps: SearchDeps): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/search',
      operationId: 'search',
      summary: 'Search the web, optionally scraping each hit',
      tag: 'Search',
      rateClass: 'search',
      body: searchRequest,
      creditsRequired: (b) => b.limit,
      handler: (ctx) => searchHandler(deps, ctx),
    },
    {
      method: 'POST',
      url: '/v2/search/:jobId/feedback',
      operationId: 'searchFeedback',
      summary: 'Rate the results of a search',
      tag: 'Feedback',
      rateClass: 'crawlStatus',
      params: searchFeedbackParams,
      body: searchFeedbackRequest,
      handler: (ctx) => searchFeedbackHandler(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/search/research/papers',
      operationId: 'searchResearchPapers',
      summary: 'Research paper index search',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'GET',
      url: '/v2/search/research/papers/:paperId',
      operationId: 'getResearchPaper',
      summary: 'Research paper metadata',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'GET',
      url: '/v2/search/research/papers/:paperId/similar',
      operationId: 'similarResearchPapers',
      summary: 'Papers similar to a paper',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'GET',
      url: '/v2/search/research/github',
      operationId: 'searchResearchGithub',
      summary: 'GitHub research search (deprecated)',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'GET',
      url: '/v2/search/developer',
      operationId: 'searchDeveloperGet',
      summary: 'Developer index search',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'POST',
      url: '/v2/search/developer',
      operationId: 'searchDeveloper',
      summary: 'Developer index search',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
    {
      method: 'POST',
      url: '/v2/search/gov',
      operationId: 'searchGov',
      summary: 'Government records search',
      tag: 'Search',
      rateClass: 'search',
      handler: notEnabled,
    },
  );
}
