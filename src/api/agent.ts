import { z } from 'zod';
import {
  auditMetadata,
  jsonSchema,
  opt,
  originFields,
  queryBool,
  strictObject,
  targetUrl,
  unixMsQuery,
  threatProtection,
} from './common.js';
import { agentWebhook } from './webhook.js';

const exchange = strictObject({
  enabled: opt(z.boolean()),
  toolkits: opt(z.array(z.string()).max(5)),
  maxCalls: opt(z.int().min(1)),
  requireApproval: opt(z.boolean()),
  approve: opt(
    strictObject({
      approvalId: z.string(),
      callIds: opt(z.array(z.string())),
      always: opt(z.boolean()),
    }),
  ).describe("Answers the previous turn's pendingApproval."),
  decline: opt(strictObject({ approvalId: z.string() })),
  onTermsRequired: opt(z.enum(['skip', 'ask'])),
}).describe('Paid third-party tool access. May be ignored.');

/** §10.1 `POST /v2/agent`. */
export const agentRequest = strictObject({
  prompt: z.string().max(10_000).describe('Task description.'),
  urls: opt(z.array(targetUrl)).describe('Starting points or the set to stay within.'),
  schema: opt(jsonSchema),
  maxCredits: opt(z.number().positive(), 2500).describe('Spend cap of the run.'),
  strictConstrainToURLs: opt(z.boolean(), false).describe('Only visit `urls`.'),
  model: opt(z.enum(['spark-1-pro', 'spark-1-mini', 'spark-2']), 'spark-1-pro'),
  effort: opt(z.enum(['low', 'medium', 'high'])).describe('Reasoning effort (spark-2).'),
  webhook: opt(agentWebhook),
  threadId: opt(z.string()).describe('Continue this thread: the run becomes its next turn.'),
  mode: opt(z.enum(['extract', 'chat']), 'extract').describe('chat answers in `message` instead of `data`.'),
  exchange: opt(exchange),
  threatProtection: opt(threatProtection),
  auditMetadata: opt(auditMetadata),
  ...originFields,
});

export type AgentRequest = z.output<typeof agentRequest>;

/** §10.4 `GET /v2/agent?before=<unix-ms>`. */
export const agentListQuery = z.object({
  before: opt(unixMsQuery).describe('Only runs created strictly before this time (unix milliseconds).'),
});

/** §10.5 `GET /v2/agent/{jobId}/trace`. */
export const agentTraceQuery = z.object({
  liveView: opt(queryBool, false).describe('Also list the active browser sessions with live-view URLs.'),
});

/** §10.7 `GET /v2/agent/threads/{threadId}`. */
export const agentThreadQuery = z.object({
  includeData: opt(queryBool, false).describe("Include each run's `data`."),
});
