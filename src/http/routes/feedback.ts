import { feedbackRequest } from '../../api/index.js';
import { defineRoutes } from '../route.js';

export const feedbackRoutes = defineRoutes({
  method: 'POST',
  url: '/v2/feedback',
  operationId: 'feedback',
  summary: 'Rate the result of a job',
  tag: 'Feedback',
  rateClass: 'crawlStatus',
  body: feedbackRequest,
  feature: 'Feedback',
});
