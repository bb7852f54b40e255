import type { AgentRequest } from '../api/index.js';
import type { JobResource } from '../jobs/job-access.js';

/** Agent runs; their options are AgentSettings. */
export const agentResource: JobResource = { kind: 'agent', path: '/v2/agent' };

/** Task kind of the one task that runs an agent from its prompt to its answer. */
export const AGENT_RUN = 'agent.run';

/** The request as the run follows it, with who asked. */
export type AgentSettings = Pick<
  AgentRequest,
  'prompt' | 'schema' | 'maxCredits' | 'strictConstrainToURLs' | 'model' | 'effort' | 'mode' | 'origin' | 'integration'
> & {
  urls: string[];
  teamId: string;
  apiKeyId: string | null;
  baseUrl: string;
  /** The conversation this run is a turn of (§10.7). */
  threadId?: string;
  /** What the thread's earlier turns asked and answered, oldest first: the model reads the new prompt in their light. */
  earlierTurns?: { prompt: string; answer: string }[];
};

/** The one artifact a run produces: its answer, served by the snapshots route. */
export const RESULT_SNAPSHOT = 'result';
