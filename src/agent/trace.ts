import type { AgentStore, AgentTraceEvent } from '../store/agents.js';

/** §10.5 `agent` of an event: who produced it. */
export interface TraceAgent {
  id: string;
  role: 'orchestrator' | 'subagent' | 'browser' | 'system';
  name: string;
}

const ORCHESTRATOR: TraceAgent = { id: 'orchestrator', role: 'orchestrator', name: 'main' };
export const SYSTEM: TraceAgent = { id: 'system', role: 'system', name: 'trawl' };

type TraceErrorCode = 'cancelled' | 'credit_limit_reached' | 'parent_finished' | 'refused' | 'internal';

/** §10.5 TraceError. */
export interface TraceError {
  code: TraceErrorCode;
  source: 'agent' | 'tool' | 'billing' | 'system';
  retryable: boolean;
  message: string;
}

export type RunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'refused' | 'credit_limit_reached';

/** Appends a run's events to its stored trace, each stamped with when and by whom. */
export class Tracer {
  constructor(
    private readonly agents: AgentStore,
    private readonly runId: string,
  ) {}

  async record(type: string, fields: Record<string, unknown> = {}, agent: TraceAgent = ORCHESTRATOR): Promise<void> {
    await this.agents.trace(this.runId, { type, occurredAt: new Date().toISOString(), agent, ...fields });
  }
}

/** A stored event in §10.5's envelope; the sequence number is its `producerSequence` and names it. */
export function wireEvent(runId: string, seq: number, event: AgentTraceEvent): Record<string, unknown> {
  const { type, occurredAt, agent, ...fields } = event;
  return { schemaVersion: 1, eventId: `e${seq}`, runId, occurredAt, producerSequence: seq, agent, type, ...fields };
}
