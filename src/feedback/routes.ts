import { feedbackListQuery, feedbackRequest } from '../api/index.js';
import { feedbackHandler, listFeedback } from './handlers.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { Store } from '../store/store.js';

export function feedbackRoutes(deps: { store: Store }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/feedback',
      operationId: 'feedback',
      summary: 'Rate the result of a job',
      tag: 'Feedback',
      rateClass: 'crawlStatus',
      body: feedbackRequest,
      handler: (ctx) => feedbackHandler(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/feedback',
      operationId: 'listFeedback',
      summary: "The team's feedback, newest first (Trawl extension)",
      tag: 'Feedback',
      rateClass: 'crawlStatus',
      query: feedbackListQuery,
      handler: (ctx) => listFeedback(deps, ctx),
    },
  );
}
