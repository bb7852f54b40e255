/**
 * Agent runs (§10): their spend, outcome and execution trace, kept apart
 * from the job so that a run resumed after a restart continues its trace and
 * its budget rather than starting them again.
 */

export interface AgentOutcome {
  data: unknown;
  /** The answer in words, for runs in `chat` mode. */
  message?: string;
  warnings: string[];
}

/** A §10.5 trace event as stored; the run fills in the envelope fields it shares. */
export type AgentTraceEvent = Record<string, unknown> & { type: string };

export interface AgentRunRecord {
  jobId: string;
  teamId: string;
  createdAt: string;
  creditsUsed: number;
  outcome: AgentOutcome | null;
  error: string | null;
}

export interface AgentStore {
  create(input: { jobId: string; teamId: string; createdAt: string }): Promise<void>;
  get(jobId: string): Promise<AgentRunRecord | null>;
  /** Adds to the run's spend; answers the new total. */
  spend(jobId: string, credits: number): Promise<number>;
  finish(jobId: string, outcome: AgentOutcome): Promise<void>;
  fail(jobId: string, error: string): Promise<void>;
  /** Appends an event with the next sequence number; answers that number. */
  trace(jobId: string, event: AgentTraceEvent): Promise<number>;
  /** The run's events in order, each with its sequence number. */
  events(jobId: string): Promise<{ seq: number; event: AgentTraceEvent }[]>;
  /** Job ids of the team's runs created before `before` (ISO), newest first. */
  list(teamId: string, before: string | null, limit: number): Promise<string[]>;
}
