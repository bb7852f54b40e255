import { randomUUID } from 'node:crypto';
import type { AgentRequest } from '../../api/index.js';
import type { AgentWebhook, Webhook } from '../../api/webhook.js';
import type { RequestContext } from '../../http/route.js';
import { AGENT_RUN, type AgentSettings, agentResource } from '../job.js';
import { earlierTurns, joinThread, teamThread } from './threads.js';
import type { JobStartDeps } from '../../jobs/start-deps.js';

/**
 * The run's webhook as the job events deliver it: a cancelled run is reported
 * as `agent.failed` (§20 item 13), so asking for `cancelled` means `failed`;
 * no `action` events are sent.
 */
function webhookOf(hook: AgentWebhook | undefined): Webhook | undefined {
  if (!hook) return undefined;
  const events = new Set(hook.events.flatMap((e) => (e === 'cancelled' ? ['failed' as const] : e === 'action' ? [] : [e])));
  return { ...hook, events: [...events] };
}

/**
 * `POST /v2/agent` (§10.1): a run driven by one durable task. Every run is a
 * turn of a thread (§10.7): a new one, or the caller's `threadId`, whose
 * earlier turns the model then reads. `exchange` (paid third-party tools) is
 * ignored, as §10.1 allows.
 */
export async function startAgent(deps: JobStartDeps, ctx: RequestContext<AgentRequest>) {
  const { body, team } = ctx;
  const thread = body.threadId ? await teamThread(deps.store, team.id, body.threadId) : null;
  const threadId = thread?.id ?? randomUUID();
  const settings: AgentSettings = {
    prompt: body.prompt,
    urls: body.urls ?? [],
    schema: body.schema,
    maxCredits: body.maxCredits,
    strictConstrainToURLs: body.strictConstrainToURLs,
    model: body.model,
    effort: body.effort,
    mode: body.mode,
    origin: body.origin,
    integration: body.integration,
    teamId: team.id,
    apiKeyId: ctx.apiKey?.id ?? null,
    baseUrl: ctx.baseUrl,
    threadId,
    ...(thread && { earlierTurns: await earlierTurns(deps.store, thread) }),
  };
  const job = await deps.store.jobs.create({ kind: agentResource.kind, teamId: team.id, options: settings });
  await deps.store.agents.create({ jobId: job.id, teamId: team.id, createdAt: job.createdAt });
  const threadTurn = await joinThread(deps.store, { threadId, existing: thread, teamId: team.id, jobId: job.id, now: job.createdAt });
  await deps.events.emit({ type: 'started', job: { id: job.id, kind: job.kind, teamId: job.teamId }, webhook: webhookOf(body.webhook) });
  await deps.queue.enqueue({ kind: AGENT_RUN, teamId: team.id, jobId: job.id, payload: {} });
  return { success: true, id: job.id, threadId, threadTurn };
}
