import { feedbackListQuery, feedbackRequest } from '../../api/index.js';
import { feedbackHandler, listFeedback } from '../../feedback/submit.js';
import { defineRoutes } from '../route.js';

export const feedbackRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/feedback',
    operationId: 'feedback',
    summary: 'Rate the result of a job',
    tag: 'Feedback',
    rateClass: 'crawlStatus',
    body: feedbackRequest,
    handler: feedbackHandler,
  },
  {
    method: 'GET',
    url: '/v2/feedback',
    operationId: 'listFeedback',
    summary: "The team's feedback, newest first (Trawl extension)",
    tag: 'Feedback',
    rateClass: 'crawlStatus',
    query: feedbackListQuery,
    handler: listFeedback,
  },
);
