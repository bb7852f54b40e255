import type { z } from 'zod';
import type { agentListQuery, agentTraceQuery } from '../../api/index.js';
import { TrawlError } from '../../errors/trawl-error.js';
import { accessJob } from '../../jobs/job-access.js';
import type { RequestContext } from '../../http/route.js';
import type { AgentRunRecord } from '../../store/agents.js';
import type { Job } from '../../store/jobs.js';
import { type AgentSettings, agentResource, RESULT_SNAPSHOT } from '../job.js';
import { wireEvent } from '../trace.js';
import type { Store } from '../../store/store.js';

/** §10.4: a fixed page of runs. */
const LIST_PAGE = 20;

export const CANCELLED_ERROR = 'Agent run cancelled';

const jobIdOf = (ctx: RequestContext) => (ctx.req.params as { jobId: string }).jobId;

/** The run as its team may see it: anything else is 404 (§10.2–§10.5). */
export async function agentRun(deps: { store: Store }, ctx: RequestContext): Promise<{ job: Job<AgentSettings>; run: AgentRunRecord }> {
  const job = await accessJob<AgentSettings>(deps.store, ctx, agentResource, jobIdOf(ctx), () => new TrawlError('RESOURCE_NOT_FOUND'));
  const run = await deps.store.agents.get(job.id);
  if (!run) throw new TrawlError('RESOURCE_NOT_FOUND');
  return { job, run };
}

/**
 * §10.2's three statuses: a cancelled run is `failed` with "Agent run
 * cancelled" (§20 item 13); a failure the run recorded shows at once.
 */
function runStatus(job: Job, run: AgentRunRecord): { status: 'processing' | 'completed' | 'failed'; error?: string } {
  if (job.status === 'cancelled') return { status: 'failed', error: CANCELLED_ERROR };
  if (run.outcome) return { status: 'completed' };
  if (run.error) return { status: 'failed', error: run.error };
  if (job.status === 'running') return { status: 'processing' };
  return { status: 'failed', error: job.error ?? 'The agent run failed' };
}

/** `GET /v2/agent/{jobId}` (§10.2). */
export async function agentStatus(deps: { store: Store }, ctx: RequestContext) {
  const { job, run } = await agentRun(deps, ctx);
  const { status, error } = runStatus(job, run);
  const s = job.options;
  const outcome = run.outcome;
  return {
    success: status !== 'failed',
    status,
    ...(status === 'completed' && s.mode !== 'chat' && { data: outcome!.data }),
    ...(status === 'completed' && outcome!.message !== undefined && { message: outcome!.message }),
    ...(error !== undefined && { error }),
    model: s.model,
    ...(s.effort && { effort: s.effort }),
    mode: s.mode,
    expiresAt: job.expiresAt,
    creditsUsed: run.creditsUsed,
    ...(outcome && outcome.warnings.length > 0 && { warning: outcome.warnings.join(' ') }),
  };
}

/** What a list shows as the run's target: the first URL's host, else the prompt's start. */
function targetHint(s: AgentSettings): string {
  const first = s.urls[0];
  if (first) return new URL(first).hostname;
  return s.prompt.length > 60 ? `${s.prompt.slice(0, 57)}...` : s.prompt;
}

/** `GET /v2/agent?before=` (§10.4): the team's runs, newest first, 20 at a time. */
export async function listAgents(deps: { store: Store }, ctx: RequestContext<unknown, z.output<typeof agentListQuery>>) {
  const { store } = deps;
  const before = ctx.query.before === undefined ? null : new Date(ctx.query.before).toISOString();
  const ids = await store.agents.list(ctx.team.id, before, LIST_PAGE + 1);
  const agents = [];
  for (const id of ids.slice(0, LIST_PAGE)) {
    const [job, run] = await Promise.all([store.jobs.get<AgentSettings>(id), store.agents.get(id)]);
    if (!job || !run) continue;
    const s = job.options;
    agents.push({
      id: job.id,
      createdAt: job.createdAt,
      targetHint: targetHint(s),
      origin: s.origin,
      integration: s.integration ?? null,
      settings: { hidden: false, starred: false, label: null },
      status: runStatus(job, run).status,
      options: { urls: s.urls, prompt: s.prompt, schema: s.schema ?? null, model: s.model, effort: s.effort ?? null },
    });
  }
  const last = agents.at(-1);
  const more = ids.length > LIST_PAGE && last;
  const base = ctx.baseUrl;
  return { success: true, agents, ...(more && { next: `${base}${agentResource.path}?before=${Date.parse(last.createdAt)}` }) };
}

/** `GET /v2/agent/{jobId}/trace` (§10.5). Runs open no browser sessions, so `activeBrowserSessions` is empty. */
export async function agentTrace(deps: { store: Store }, ctx: RequestContext<unknown, z.output<typeof agentTraceQuery>>) {
  const { job, run } = await agentRun(deps, ctx);
  const events = await deps.store.agents.events(job.id);
  return {
    success: true,
    id: job.id,
    creditsUsed: run.creditsUsed,
    events: events.map((e) => wireEvent(job.id, e.seq, e.event)),
    ...(ctx.query.liveView && { activeBrowserSessions: [] }),
  };
}

/** `GET /v2/agent/{jobId}/snapshots/{snapshotId}` (§10.6): the run's one artifact, its answer. */
export async function agentSnapshot(deps: { store: Store }, ctx: RequestContext) {
  const { job, run } = await agentRun(deps, ctx);
  const { snapshotId } = ctx.req.params as { snapshotId: string };
  if (snapshotId !== RESULT_SNAPSHOT || !run.outcome) throw new TrawlError('RESOURCE_NOT_FOUND', 'Snapshot not found');
  const content = run.outcome.message ?? JSON.stringify(run.outcome.data);
  return { success: true, id: job.id, snapshotId, snapshot: content };
}
