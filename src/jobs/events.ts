import type { Webhook } from '../api/webhook.js';
import type { Document } from '../api/document.js';
import type { Job } from '../store/jobs.js';

/** The job an event is about: enough for a listener to find it in the store and check its team. */
export interface JobRef {
  id: string;
  /** `batch_scrape`, `crawl`, …: the prefix of the webhook event types (§16.3). */
  kind: string;
  teamId: string;
}

/**
 * What happens to a crawl-like job, in the order it happens: `started` once,
 * a `page` per Document appended to its results, then one terminal event.
 * `started` carries the job's webhook, so whoever delivers webhooks learns of
 * it before any page can exist.
 */
export type JobEvent =
  | { type: 'started'; job: JobRef; webhook?: Webhook | undefined }
  | { type: 'page'; job: JobRef; document: Document }
  | { type: 'completed'; job: JobRef }
  | { type: 'failed'; job: JobRef; error: string }
  | { type: 'cancelled'; job: JobRef };

/** The terminal event of a job that has ended; null while it runs. */
export function endEventOf(job: Pick<Job, 'id' | 'kind' | 'teamId' | 'status' | 'error'>): JobEvent | null {
  const ref = { id: job.id, kind: job.kind, teamId: job.teamId };
  switch (job.status) {
    case 'running':
      return null;
    case 'failed':
      return { type: 'failed', job: ref, error: job.error ?? 'The job failed' };
    default:
      return { type: job.status, job: ref };
  }
}

export type JobEventListener = (event: JobEvent) => void | Promise<void>;

/**
 * Where job events are published and heard. `emit` resolves once every
 * listener has taken the event in (e.g. written it to an outbox), so an
 * emitter that awaits it knows the event is safe before going on. A listener
 * that throws is logged and never fails the emitter: a job must not suffer
 * for what observes it.
 *
 * The local implementation reaches listeners of this process; RedisJobEvents
 * (redis-events.ts) reaches every process sharing a Redis.
 */
export interface JobEvents {
  emit(event: JobEvent): Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe(listener: JobEventListener): () => void;
}

export interface JobEventsLog {
  error(obj: object, msg?: string): void;
}

export class LocalJobEvents implements JobEvents {
  private readonly listeners = new Set<JobEventListener>();

  constructor(private readonly log: JobEventsLog = { error: (obj, msg) => console.error(msg, obj) }) {}

  async emit(event: JobEvent): Promise<void> {
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(event);
        } catch (err) {
          this.log.error({ err, jobId: event.job.id, event: event.type }, 'a job event listener failed');
        }
      }),
    );
  }

  subscribe(listener: JobEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
