import { agentListQuery, agentRequest, agentThreadQuery, agentTraceQuery } from '../api/index.js';
import { cancelAgent } from './handlers/cancel.js';
import { agentSnapshot, agentStatus, agentTrace, listAgents } from './handlers/read.js';
import { startAgent } from './handlers/start.js';
import { getAgentThread } from './handlers/threads.js';
import { defineRoutes, type RouteSpec } from '../http/route.js';
import type { JobStartDeps } from '../jobs/start-deps.js';

export function agentRoutes(deps: JobStartDeps): RouteSpec[] {
  return defineRoutes(
    {
      method: 'POST',
      url: '/v2/agent',
      operationId: 'startAgent',
      summary: 'Start an agent run',
      tag: 'Agent',
      rateClass: 'extract',
      body: agentRequest,
      creditsRequired: () => 1,
      handler: (ctx) => startAgent(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/agent',
      operationId: 'listAgents',
      summary: 'List agent runs, newest first',
      tag: 'Agent',
      rateClass: 'extractStatus',
      query: agentListQuery,
      handler: (ctx) => listAgents(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/agent/threads/:threadId',
      operationId: 'getAgentThread',
      summary: 'An agent conversation thread',
      tag: 'Agent',
      rateClass: 'extractStatus',
      query: agentThreadQuery,
      handler: (ctx) => getAgentThread(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/agent/:jobId',
      operationId: 'getAgentStatus',
      summary: 'Agent run status',
      tag: 'Agent',
      rateClass: 'extractStatus',
      handler: (ctx) => agentStatus(deps, ctx),
    },
    {
      method: 'DELETE',
      url: '/v2/agent/:jobId',
      operationId: 'cancelAgent',
      summary: 'Cancel an agent run',
      tag: 'Agent',
      rateClass: 'extractStatus',
      handler: (ctx) => cancelAgent(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/agent/:jobId/trace',
      operationId: 'getAgentTrace',
      summary: 'Execution trace of an agent run',
      tag: 'Agent',
      rateClass: 'extractStatus',
      query: agentTraceQuery,
      handler: (ctx) => agentTrace(deps, ctx),
    },
    {
      method: 'GET',
      url: '/v2/agent/:jobId/snapshots/:snapshotId',
      operationId: 'getAgentSnapshot',
      summary: 'An artifact snapshot of an agent run',
      tag: 'Agent',
      rateClass: 'extractStatus',
      handler: (ctx) => agentSnapshot(deps, ctx),
    },
  );
}
