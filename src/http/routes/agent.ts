import { agentListQuery, agentRequest, agentThreadQuery, agentTraceQuery } from '../../api/index.js';
import { cancelAgent } from '../../agent/cancel.js';
import { agentSnapshot, agentStatus, agentTrace, listAgents } from '../../agent/read.js';
import { startAgent } from '../../agent/start.js';
import { getAgentThread } from '../../agent/threads.js';
import { defineRoutes } from '../route.js';

export const agentRoutes = defineRoutes(
  {
    method: 'POST',
    url: '/v2/agent',
    operationId: 'startAgent',
    summary: 'Start an agent run',
    tag: 'Agent',
    rateClass: 'extract',
    body: agentRequest,
    creditsRequired: () => 1,
    handler: startAgent,
  },
  {
    method: 'GET',
    url: '/v2/agent',
    operationId: 'listAgents',
    summary: 'List agent runs, newest first',
    tag: 'Agent',
    rateClass: 'extractStatus',
    query: agentListQuery,
    handler: listAgents,
  },
  {
    method: 'GET',
    url: '/v2/agent/threads/:threadId',
    operationId: 'getAgentThread',
    summary: 'An agent conversation thread',
    tag: 'Agent',
    rateClass: 'extractStatus',
    query: agentThreadQuery,
    handler: getAgentThread,
  },
  {
    method: 'GET',
    url: '/v2/agent/:jobId',
    operationId: 'getAgentStatus',
    summary: 'Agent run status',
    tag: 'Agent',
    rateClass: 'extractStatus',
    handler: agentStatus,
  },
  {
    method: 'DELETE',
    url: '/v2/agent/:jobId',
    operationId: 'cancelAgent',
    summary: 'Cancel an agent run',
    tag: 'Agent',
    rateClass: 'extractStatus',
    handler: cancelAgent,
  },
  {
    method: 'GET',
    url: '/v2/agent/:jobId/trace',
    operationId: 'getAgentTrace',
    summary: 'Execution trace of an agent run',
    tag: 'Agent',
    rateClass: 'extractStatus',
    query: agentTraceQuery,
    handler: agentTrace,
  },
  {
    method: 'GET',
    url: '/v2/agent/:jobId/snapshots/:snapshotId',
    operationId: 'getAgentSnapshot',
    summary: 'An artifact snapshot of an agent run',
    tag: 'Agent',
    rateClass: 'extractStatus',
    handler: agentSnapshot,
  },
);
