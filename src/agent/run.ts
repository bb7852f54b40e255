import { modelFailureOf } from '../extract/failure.js';
import { pageInputOf } from '../extract/pages.js';
import { TaskAbortedError, type Worker } from '../jobs/worker.js';
import type { JsonSchema } from '../llm/index.js';
import type { AgentOutcome } from '../store/agents.js';
import type { Job } from '../store/jobs.js';
import { AGENT_RUN, type AgentSettings, RESULT_SNAPSHOT } from './job.js';
import { nextStep } from './plan.js';
import { type AgentDeps, AgentToolbox, BudgetReached, ToolRefused } from './toolbox.js';
import { type RunOutcome, SYSTEM, type TraceError, Tracer } from './trace.js';

/** Planning steps a run may take, by `effort` (default medium). */
const STEPS = { low: 5, medium: 10, high: 20 } as const;
/** Hits of the fixed plan's search that are read. */
const FIXED_PLAN_PAGES = 3;
/** Given URLs a run reads before planning. */
const START_PAGES = 10;

const FIXED_PLAN_NOTICE =
  'No language model is configured: the run followed a fixed plan (read the given URLs, or search the prompt and read the best results) and filled only what the pages state plainly.';

/** A failure of the run itself, which running it again would repeat. */
class AgentFailure extends Error {}

const CHAT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { answer: { type: 'string', description: 'The answer to the task, in a few sentences.' } },
  required: ['answer'],
};

/**
 * Registers the worker's handler of agent runs. One task runs the whole loop;
 * a run resumed after a restart keeps its trace and its spend, and finds the
 * pages it had read in the job's results. A failure of the run is recorded
 * before the task fails, so the status shows it at once and the queue's
 * retries end at once. A cancelled run was finished by the cancel itself.
 */
export function handleAgentRuns(worker: Worker, deps: AgentDeps): void {
  const { store } = deps;
  worker.handle(AGENT_RUN, async (task, { signal }) => {
    const job = task.jobId ? await store.jobs.get<AgentSettings>(task.jobId) : null;
    const record = job && (await store.agents.get(job.id));
    if (!job || !record) throw new Error(`Agent task ${task.id} has no run`);
    if (record.outcome) return;
    if (record.error) throw new AgentFailure(record.error);
    const tracer = new Tracer(store.agents, job.id);
    const resumed = (await store.agents.events(job.id)).length > 0;
    if (resumed) {
      await tracer.record('progress.reported', { phase: 'working', message: 'Resumed after a restart' }, SYSTEM);
    } else {
      await tracer.record('run.started', {}, SYSTEM);
      await tracer.record('agent.started');
    }
    const toolbox = new AgentToolbox(deps, job, tracer, signal, record.creditsUsed);
    try {
      const outcome = await runAgent(deps, toolbox);
      await finishRun(toolbox, outcome.result, outcome.outcome);
    } catch (err) {
      if (signal.aborted) {
        // The cancel recorded the run's end; a stop or a lost lease leaves it to the next run.
        if (signal.reason instanceof TaskAbortedError && signal.reason.why === 'cancelled') return;
        throw signal.reason;
      }
      const failure = err instanceof AgentFailure ? err.message : modelFailureOf(err);
      if (failure === null) throw err;
      await failRun(toolbox, failure);
      throw new AgentFailure(failure);
    }
  });
}

async function runAgent(deps: AgentDeps, toolbox: AgentToolbox): Promise<{ result: AgentOutcome; outcome: RunOutcome }> {
  const { llm } = deps;
  const s = toolbox.settings;
  const warnings: string[] = [];
  let outcome: RunOutcome = 'succeeded';
  try {
    if (llm.offline) await fixedPlan(toolbox, warnings);
    else await plannedSteps(deps, toolbox, warnings);
  } catch (err) {
    if (!(err instanceof BudgetReached)) throw err;
    outcome = 'credit_limit_reached';
    warnings.push(`${err.message} (maxCredits) before it was done; the answer uses the ${toolbox.pages.size} pages read by then.`);
    await toolbox.tracer.record('error.occurred', { error: traceError('credit_limit_reached', 'billing', err.message) });
  }
  if (!toolbox.pages.size) {
    throw new AgentFailure(
      outcome === 'credit_limit_reached'
        ? `The run reached its budget of ${s.maxCredits} credits before it could read any page`
        : ['No page could be read to answer the prompt.', ...warnings.filter((w) => w !== FIXED_PLAN_NOTICE)].join(' '),
    );
  }

  await toolbox.tracer.record('progress.reported', { phase: 'finalizing', message: `Answering from ${toolbox.pages.size} pages` });
  const chat = s.mode === 'chat';
  const out = await llm.extract({
    pages: [...toolbox.pages.values()].map(pageInputOf),
    prompt: s.prompt,
    ...(chat ? { schema: CHAT_SCHEMA } : s.schema && { schema: s.schema }),
    signal: toolbox.signal,
  });
  await toolbox.spendTokens(out.usage);
  warnings.push(...out.warnings);
  if (!chat) return { result: { data: out.data, warnings }, outcome };
  const answer = (out.data as { answer?: unknown } | null)?.answer;
  const message = typeof answer === 'string' ? answer : JSON.stringify(out.data);
  return { result: { data: null, message, warnings }, outcome };
}

/** Without a language model: read the given URLs, or search the prompt and read the best hits. */
async function fixedPlan(toolbox: AgentToolbox, warnings: string[]): Promise<void> {
  const s = toolbox.settings;
  warnings.push(FIXED_PLAN_NOTICE);
  const plan = s.urls.length ? `Reading the ${s.urls.length} given URLs` : `Searching the prompt and reading the best ${FIXED_PLAN_PAGES} results`;
  await toolbox.tracer.record('progress.reported', { phase: 'planning', message: `Fixed plan (no language model): ${plan}` });
  let urls = s.urls.slice(0, START_PAGES);
  if (!urls.length) {
    try {
      urls = (await toolbox.search(s.prompt)).slice(0, FIXED_PLAN_PAGES);
    } catch (err) {
      if (!(err instanceof ToolRefused)) throw err;
      warnings.push(`The prompt could not be searched: ${err.message}.`);
    }
  }
  await toolbox.tracer.record('progress.reported', { phase: 'working', message: `Reading ${urls.length} pages` });
  for (const url of urls) await tryScrape(toolbox, url, warnings);
}

/** With a language model: the given URLs first, then the steps the model chooses. */
async function plannedSteps(deps: AgentDeps, toolbox: AgentToolbox, warnings: string[]): Promise<void> {
  const s = toolbox.settings;
  const steps = STEPS[s.effort ?? 'medium'];
  await toolbox.tracer.record('progress.reported', { phase: 'planning', message: `Planning with ${deps.llm.name}, up to ${steps} steps` });
  for (const url of s.urls.slice(0, START_PAGES)) await tryScrape(toolbox, url, warnings);
  for (let step = 0; step < steps; step++) {
    // The model's own spend is only known after the call: stop once nothing is left.
    toolbox.afford(1);
    const { decision, usage, valid } = await nextStep(deps.llm, toolbox, steps - step);
    await toolbox.spendTokens(usage);
    if (!valid) warnings.push('A planning answer of the model could not be read; the run stopped planning there.');
    if (decision.reason) await toolbox.tracer.record('reasoning.summary', { text: decision.reason });
    if (decision.action === 'finish') return;
    try {
      if (decision.action === 'search') await toolbox.search(decision.query ?? s.prompt);
      else if (!decision.url) toolbox.notes.push(`${decision.action} needs a "url"; none was given.`);
      else if (decision.action === 'map') await toolbox.map(decision.url);
      else await toolbox.scrape(decision.url);
    } catch (err) {
      if (!(err instanceof ToolRefused)) throw err;
      toolbox.notes.push(`${decision.action} refused: ${err.message}`);
    }
  }
  warnings.push(`The run used all of its ${steps} planning steps.`);
}

async function tryScrape(toolbox: AgentToolbox, url: string, warnings: string[]): Promise<void> {
  try {
    const error = await toolbox.scrape(url);
    if (error) warnings.push(`${url} could not be read: ${error}.`);
  } catch (err) {
    if (!(err instanceof ToolRefused)) throw err;
    warnings.push(`${url} was not read: ${err.message}.`);
  }
}

function traceError(code: TraceError['code'], source: TraceError['source'], message: string): TraceError {
  return { code, source, retryable: false, message };
}

const durationOf = (job: Job) => Date.now() - Date.parse(job.createdAt);

async function finishRun(toolbox: AgentToolbox, result: AgentOutcome, outcome: RunOutcome) {
  const { tracer, job } = toolbox;
  await tracer.record('artifact.updated', {
    artifact: { kind: 'json', artifactId: RESULT_SNAPSHOT, snapshotId: RESULT_SNAPSHOT, change: 'init' },
  });
  await tracer.record('agent.finished', { outcome: outcome === 'credit_limit_reached' ? 'succeeded' : outcome, durationMs: durationOf(job), error: null });
  await tracer.record('run.finished', { outcome, error: null }, SYSTEM);
  await toolbox.deps.store.agents.finish(job.id, result);
}

async function failRun(toolbox: AgentToolbox, message: string) {
  const { tracer, job } = toolbox;
  const error = traceError('internal', 'agent', message);
  await tracer.record('error.occurred', { error });
  await tracer.record('agent.finished', { outcome: 'failed', durationMs: durationOf(job), error });
  await tracer.record('run.finished', { outcome: 'failed', error }, SYSTEM);
  await toolbox.deps.store.agents.fail(job.id, message);
}
