import type { JobEvent } from '../jobs/events.js';
import type { WebhookSubscription } from '../store/webhooks.js';

/** How a job kind names itself in a cancellation error, e.g. "Batch scrape cancelled". */
const LABELS: Record<string, string> = { batch_scrape: 'Batch scrape', crawl: 'Crawl', extract: 'Extract', agent: 'Agent run' };

/** The §16.2 envelope. */
export interface WebhookPayload {
  success: boolean;
  type: string;
  id: string;
  webhookId: string;
  data: unknown[];
  metadata: Record<string, string>;
  error?: string;
  timestamp: string;
}

/** A job event as one delivery: where it sits in its job, and its body. */
export interface WebhookMessage {
  /** Unique within the job, stable if the event repeats (see RecordedEvent.key). */
  key: string;
  final: boolean;
  /** The short name the subscription's `events` filter matches. */
  event: string;
  payload: WebhookPayload;
}

/**
 * §16.3 for crawl-like jobs. A cancellation is `<kind>.failed` with an error
 * (§20 item 11), not a `.completed` as earlier deployments sent.
 */
export function webhookMessage(
  event: JobEvent,
  subscription: WebhookSubscription,
  webhookId: string,
  at = new Date(),
  /** What a terminal event carries in `data` (extract and agent send their result); `[]` by default. */
  endData: unknown[] = [],
): WebhookMessage {
  const base = { id: event.job.id, webhookId, metadata: subscription.metadata, timestamp: at.toISOString() };
  const type = (short: string) => `${event.job.kind}.${short}`;
  switch (event.type) {
    case 'started':
      return { key: 'started', final: false, event: 'started', payload: { success: true, type: type('started'), ...base, data: [] } };
    case 'page': {
      const payload = { success: true, type: type('page'), ...base, data: [event.document] };
      return { key: `page:${event.document.metadata.scrapeId}`, final: false, event: 'page', payload };
    }
    case 'completed':
      return { key: 'end', final: true, event: 'completed', payload: { success: true, type: type('completed'), ...base, data: endData } };
    case 'failed':
    case 'cancelled': {
      const error = event.type === 'failed' ? event.error : `${LABELS[event.job.kind] ?? event.job.kind} cancelled`;
      return { key: 'end', final: true, event: 'failed', payload: { success: false, type: type('failed'), ...base, data: endData, error } };
    }
  }
}
