import type Firecrawl from '@mendable/firecrawl-js';

/** A §10.5 trace, its events with their type-specific fields. */
export interface Trace {
  creditsUsed: number;
  events: (Record<string, any> & { type: string })[];
}

export const traceOf = async (fc: Firecrawl, id: string) => (await fc.getAgentTrace(id)) as Trace;

export const agentsOf = async (fc: Firecrawl, before?: number) =>
  (await fc.listAgents(before === undefined ? undefined : { before })).agents ?? [];

export const types = (trace: Trace) => trace.events.map((e) => e.type);
