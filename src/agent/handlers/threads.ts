import type { z } from 'zod';
import type { agentThreadQuery } from '../../api/index.js';
import { TrawlError } from '../../errors/trawl-error.js';
import type { RequestContext } from '../../http/route.js';
import type { AgentRunRecord } from '../../store/agents.js';
import type { AgentThread } from '../../store/agent-threads.js';
import type { Job } from '../../store/jobs.js';
import type { Store } from '../../store/store.js';
import type { AgentSettings } from '../job.js';
import { CANCELLED_ERROR } from './read.js';

/** How much of each earlier answer a new turn carries into the model's prompt. */
const ANSWER_BUDGET = 2_000;

const THREAD_NOT_FOUND = 'Thread not found';

/** The thread when it is the team's; anything else is 404, as for a job. */
export async function teamThread(store: Store, teamId: string, threadId: string): Promise<AgentThread> {
  const thread = await store.agentThreads.get(threadId);
  if (!thread || thread.teamId !== teamId) throw new TrawlError('RESOURCE_NOT_FOUND', THREAD_NOT_FOUND);
  return thread;
}

interface ThreadRun {
  job: Job<AgentSettings>;
  run: AgentRunRecord;
}

async function runsOf(store: Store, thread: AgentThread): Promise<(ThreadRun & { turn: number })[]> {
  const runs = await Promise.all(
    thread.runs.map(async ({ turn, jobId }) => {
      const [job, run] = await Promise.all([store.jobs.get<AgentSettings>(jobId), store.agents.get(jobId)]);
      // A turn whose job has expired is gone with it.
      return job && run ? { turn, job, run } : null;
    }),
  );
  return runs.filter((r) => r !== null);
}

/** What the earlier turns asked and answered, for the model's prompt of the next one. */
export async function earlierTurns(store: Store, thread: AgentThread): Promise<{ prompt: string; answer: string }[]> {
  return (await runsOf(store, thread))
    .filter(({ run }) => run.outcome)
    .map(({ job, run }) => ({
      prompt: job.options.prompt,
      answer: (run.outcome!.message ?? JSON.stringify(run.outcome!.data) ?? '').slice(0, ANSWER_BUDGET),
    }));
}

/** §10.7 run statuses. */
function runStatus({ job, run }: ThreadRun): string {
  if (job.status === 'cancelled' || run.error === CANCELLED_ERROR) return 'cancelled';
  if (run.outcome) return 'succeeded';
  if (job.status === 'running') return 'processing';
  return /credit/i.test(run.error ?? '') ? 'credit_limit_reached' : 'failed';
}

/** Starts thread `threadId` with the run, or adds the run as the next turn of `existing`; answers the turn. */
export async function joinThread(
  store: Store,
  input: { threadId: string; existing: AgentThread | null; teamId: string; jobId: string; now: string },
): Promise<number> {
  if (input.existing) return store.agentThreads.append(input.existing.id, input.jobId, input.now);
  await store.agentThreads.create({ id: input.threadId, teamId: input.teamId, jobId: input.jobId, now: input.now });
  return 1;
}

/** `GET /v2/agent/threads/{threadId}?includeData=` (§10.7): the runs oldest first. */
export async function getAgentThread(deps: { store: Store }, ctx: RequestContext<unknown, z.output<typeof agentThreadQuery>, { threadId: string }>) {
  const { store } = deps;
  const thread = await teamThread(store, ctx.team.id, ctx.params.threadId);
  const runs = await runsOf(store, thread);
  const running = runs.some(({ job }) => job.status === 'running');
  return {
    success: true,
    thread: {
      id: thread.id,
      createdAt: thread.createdAt,
      updatedAt: thread.updatedAt,
      status: running ? 'running' : 'idle',
      runs: runs.map(({ turn, job, run }) => {
        const s = job.options;
        const status = runStatus({ job, run });
        return {
          id: job.id,
          turn,
          mode: s.mode,
          prompt: s.prompt,
          urls: s.urls,
          schema: s.schema ?? null,
          effort: s.effort ?? null,
          status,
          createdAt: job.createdAt,
          finishedAt: job.completedAt,
          creditsUsed: run.creditsUsed,
          message: run.outcome?.message ?? null,
          ...(ctx.query.includeData && status === 'succeeded' && { data: run.outcome!.data ?? null }),
          suggestions: null,
          pendingApproval: null,
          exchange: null,
        };
      }),
    },
  };
}
