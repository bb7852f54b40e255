import type { JobEvent } from '../jobs/events.js';
import type { Store } from '../store/store.js';

/** §16.3: an agent run's terminal event tells what it spent, and on success what it found. */
export function agentWebhookData(store: Store) {
  return async (event: JobEvent): Promise<unknown[]> => {
    const run = await store.agents.get(event.job.id);
    if (!run) return [];
    if (event.type === 'completed' && run.outcome) return [{ creditsUsed: run.creditsUsed, data: run.outcome.data }];
    return [{ creditsUsed: run.creditsUsed }];
  };
}
