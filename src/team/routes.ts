import { historicalUsageQuery, teamActivityQuery, teamThreatProtectionRequest } from '../api/index.js';
import { teamActivity } from './activity.js';
import { getThreatProtection, putThreatProtection } from './threat-protection.js';
import {
  getCreditUsage,
  getCreditUsageHistorical,
  getTokenUsage,
  getTokenUsageHistorical,
} from '../billing/usage-endpoints.js';
import { concurrencyOf } from '../billing/plans.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { Store } from '../store/store.js';
import type { Queue } from '../jobs/queue.js';

export function teamRoutes(deps: { store: Store; queue: Queue }): RouteSpec[] {
  return defineRoutes(
    {
      method: 'GET',
      url: '/v2/team/credit-usage',
      operationId: 'getCreditUsage',
      summary: 'Remaining credits of the team',
      tag: 'Billing',
      rateClass: 'crawlStatus',
      handler: (ctx) => getCreditUsage(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/team/credit-usage/historical',
      operationId: 'getCreditUsageHistorical',
      summary: 'Credits used per billing period',
      tag: 'Billing',
      rateClass: 'crawlStatus',
      query: historicalUsageQuery,
      handler: (ctx) => getCreditUsageHistorical(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/team/token-usage',
      operationId: 'getTokenUsage',
      summary: 'Remaining tokens of the team (1 credit = 15 tokens)',
      tag: 'Billing',
      rateClass: 'extractStatus',
      handler: (ctx) => getTokenUsage(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/team/token-usage/historical',
      operationId: 'getTokenUsageHistorical',
      summary: 'Tokens used per billing period',
      tag: 'Billing',
      rateClass: 'extractStatus',
      query: historicalUsageQuery,
      handler: (ctx) => getTokenUsageHistorical(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/team/queue-status',
      operationId: 'getQueueStatus',
      summary: 'Jobs of the team in the queue',
      tag: 'Billing',
      rateClass: 'crawlStatus',
      // §13.5: top-level fields, integers, mostRecentSuccess ISO or null.
      handler: async ({ team }) => {
        const { queued, active, mostRecentSuccess } = await deps.queue.counts(team.id);
        return {
          success: true,
          jobsInQueue: queued + active,
          activeJobsInQueue: active,
          waitingJobsInQueue: queued,
          maxConcurrency: concurrencyOf(team.plan),
          mostRecentSuccess,
        };
      },
    },
    {
      method: 'GET',
      url: '/v2/concurrency-check',
      operationId: 'getConcurrency',
      summary: 'Scrapes running for the team, and its limit',
      tag: 'Billing',
      rateClass: 'crawlStatus',
      handler: async ({ team }) => ({
        success: true,
        concurrency: (await deps.queue.counts(team.id)).active,
        maxConcurrency: concurrencyOf(team.plan),
      }),
    },
    {
      method: 'GET',
      url: '/v2/team/activity',
      operationId: 'getTeamActivity',
      summary: 'Recent API activity of the team',
      tag: 'Billing',
      rateClass: 'crawlStatus',
      query: teamActivityQuery,
      handler: (ctx) => teamActivity(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/team/threat-protection',
      operationId: 'getThreatProtection',
      summary: "The team's threat-protection policy",
      tag: 'Threat Protection',
      rateClass: 'crawlStatus',
      handler: (ctx) => getThreatProtection(deps, ctx),
    },
    {
      method: 'PUT',
      url: '/v2/team/threat-protection',
      operationId: 'putThreatProtection',
      summary: "Replace the team's threat-protection policy (its lists bind every scrape)",
      tag: 'Threat Protection',
      rateClass: 'crawlStatus',
      body: teamThreatProtectionRequest,
      handler: (ctx) => putThreatProtection(deps, ctx),
    },
  );
}
