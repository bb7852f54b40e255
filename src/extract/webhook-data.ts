import type { JobEvent } from '../jobs/events.js';
import type { Store } from '../store/store.js';

/**
 * §16.3: `extract.completed` carries the result itself, so a receiver need not
 * read the job back. Failures carry nothing but their error.
 */
export function extractWebhookData(store: Store) {
  return async (event: JobEvent): Promise<unknown[]> => {
    if (event.type !== 'completed') return [];
    const outcome = (await store.extracts.result(event.job.id))?.outcome;
    if (!outcome) return [];
    return [
      {
        success: true,
        data: outcome.data,
        extractId: event.job.id,
        llmUsage: outcome.tokensUsed,
        totalUrlsScraped: outcome.urlTrace.filter((t) => t.status === 'success').length,
        sources: outcome.sources,
      },
    ];
  };
}
