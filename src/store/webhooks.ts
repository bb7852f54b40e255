import type { Job } from './jobs.js';

/**
 * The webhook outbox: each delivery a job owes, written before it is sent so
 * that it survives a restart, and sent in the order it was written, job by
 * job. Rows go with their job when it is purged.
 */

/** Where a job's deliveries go, as the request that started it said (§2.7). */
export interface WebhookSubscription {
  url: string;
  headers: Record<string, string>;
  metadata: Record<string, string>;
  /** Short names (`started`, `page`, …). */
  events: string[];
}

/** One request owed to a subscriber. */
export interface NewDelivery {
  webhookId: string;
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent, every attempt alike. */
  body: string;
}

export interface Delivery extends NewDelivery {
  id: number;
  jobId: string;
  /** Attempts made so far. */
  attempts: number;
}

/** An event of a subscribed job, with its delivery unless the subscription filters it out. */
export interface RecordedEvent {
  jobId: string;
  /**
   * Names the event within its job (`started`, `page:<scrapeId>`, `end`):
   * recording the same key twice keeps the first, so a repeated event is
   * delivered once.
   */
  key: string;
  /** The job's last event: nothing the job records after it is kept. */
  final: boolean;
  delivery: NewDelivery | null;
}

/** A job that ended while nobody was listening, with what its final event needs. */
export type EndedJob = Pick<Job, 'id' | 'kind' | 'teamId' | 'status' | 'error'>;

export interface WebhookOutbox {
  subscribe(jobId: string, subscription: WebhookSubscription): Promise<void>;
  subscription(jobId: string): Promise<WebhookSubscription | null>;
  /**
   * Writes the event's delivery, in one transaction with the job's end when
   * it is final. False (nothing kept) when the key was recorded already or
   * the job's final event was.
   */
  record(event: RecordedEvent): Promise<boolean>;
  /**
   * Pending deliveries due at `now` that are first of their job among those
   * pending: a job's next delivery waits until the one before it succeeded
   * or was given up.
   */
  due(now: Date, limit: number): Promise<Delivery[]>;
  delivered(id: number): Promise<void>;
  /** Counts the attempt; retried at `at`, or given up for good when `at` is null. */
  attemptFailed(id: number, error: string, at: Date | null): Promise<void>;
  /** Subscribed jobs that have ended without their final event recorded. */
  endedWithoutFinalEvent(): Promise<EndedJob[]>;
}
