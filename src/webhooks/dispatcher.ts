import { randomUUID } from 'node:crypto';
import type { Egress } from '../egress/index.js';
import { endEventOf, type JobEvent, type JobEvents } from '../jobs/events.js';
import type { Delivery, WebhookOutbox } from '../store/webhooks.js';
import { webhookMessage } from './payload.js';
import { sendDelivery } from './send.js';

/** §16.1: retries after 1, 5 and 15 minutes, then the delivery is given up. */
export const DEFAULT_RETRY_DELAYS_MS = [60_000, 300_000, 900_000];

/** Deliveries in flight at once, each of a different job. */
const CONCURRENCY = 16;

/** Finds retries an earlier process scheduled; this process's own are woken on time. */
const POLL_MS = 1000;

export interface WebhookLog {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface WebhookDispatcherOptions {
  outbox: WebhookOutbox;
  events: JobEvents;
  /** Every delivery goes through it, so the operator's address rules apply to receivers too. */
  egress: Egress;
  /** Server-wide signing secret (TRAWL_WEBHOOK_SECRET); none, no signature. */
  secret: string | undefined;
  /** Wait before each retry; its length is the number of retries. */
  retryDelaysMs?: number[];
  log: WebhookLog;
  /**
   * When several processes share the outbox, each writes the events it emits
   * but only the one this answers true in sends, so no delivery goes out twice.
   */
  sends?: () => boolean;
  /**
   * Per job kind, the `data` of its terminal event (§16.3): extract and agent
   * send their result; crawl-like jobs send `[]` and are read back by id.
   */
  endData?: Record<string, (event: JobEvent) => Promise<unknown[]>>;
}

/**
 * Turns job events into webhook deliveries (§16): each is first written to
 * the store's outbox, then sent from there, one job's deliveries strictly in
 * order (a job's next one waits while one is being retried). Sending happens
 * apart from the job, so a slow or failing receiver never holds it up.
 */
export class WebhookDispatcher {
  private readonly retryDelaysMs: number[];
  private readonly inFlight = new Map<number, Promise<void>>();
  /**
   * Attempts that ended while `due` was being read: with an asynchronous
   * store (PostgreSQL) its answer can predate their `delivered`, and would
   * send them again.
   */
  private endedSinceRead = new Set<number>();
  private readonly stopping = new AbortController();
  private unsubscribe: (() => void) | undefined;
  private poll: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | null = null;
  private wokenWhilePumping = false;

  constructor(private readonly opts: WebhookDispatcherOptions) {
    this.retryDelaysMs = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Listens to job events, then owes the final event of jobs that ended while nobody listened. */
  async start(): Promise<void> {
    this.unsubscribe = this.opts.events.subscribe((e) => this.onEvent(e));
    this.poll = setInterval(() => this.wake(), POLL_MS);
    for (const job of await this.opts.outbox.endedWithoutFinalEvent()) await this.onEvent(endEventOf(job)!);
    this.wake();
  }

  /** Attempts in flight are abandoned; they stay in the outbox and are sent again on the next start. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.poll);
    this.stopping.abort();
    await this.pumping;
    await Promise.all(this.inFlight.values());
  }

  private async onEvent(event: JobEvent): Promise<void> {
    const { outbox } = this.opts;
    if (event.type === 'started') {
      if (!event.webhook) return;
      const { url, headers, metadata, events } = event.webhook;
      await outbox.subscribe(event.job.id, { url, headers, metadata, events });
    }
    const subscription = await outbox.subscription(event.job.id);
    if (!subscription) return;
    const terminal = event.type === 'completed' || event.type === 'failed' || event.type === 'cancelled';
    const endData = terminal ? await this.opts.endData?.[event.job.kind]?.(event) : undefined;
    const message = webhookMessage(event, subscription, randomUUID(), new Date(), endData);
    const { url, headers } = subscription;
    const delivery = { webhookId: message.payload.webhookId, url, headers, body: JSON.stringify(message.payload) };
    const wanted = subscription.events.includes(message.event);
    const recorded = await outbox.record({
      jobId: event.job.id,
      key: message.key,
      final: message.final,
      delivery: wanted ? delivery : null,
    });
    if (recorded) this.wake();
  }

  private wake() {
    if (this.stopping.signal.aborted) return;
    if (this.pumping) {
      this.wokenWhilePumping = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.opts.log.error({ err }, 'reading the webhook outbox failed'))
      .finally(() => (this.pumping = null));
  }

  private async pump() {
    do {
      this.wokenWhilePumping = false;
      if (this.opts.sends && !this.opts.sends()) return;
      const free = CONCURRENCY - this.inFlight.size;
      if (free <= 0) return;
      // Rows in flight are still pending, so they come back: ask for enough to fill the free slots anyway.
      this.endedSinceRead = new Set();
      const endedSinceRead = this.endedSinceRead;
      const due = await this.opts.outbox.due(new Date(), free + this.inFlight.size);
      for (const d of due) {
        if (this.stopping.signal.aborted || this.inFlight.size >= CONCURRENCY) return;
        if (this.inFlight.has(d.id) || endedSinceRead.has(d.id)) continue;
        const attempt = this.attempt(d).finally(() => {
          this.inFlight.delete(d.id);
          this.endedSinceRead.add(d.id);
          this.wake();
        });
        this.inFlight.set(d.id, attempt);
      }
    } while (this.wokenWhilePumping && !this.stopping.signal.aborted);
  }

  private async attempt(d: Delivery) {
    const { outbox, egress, secret, log } = this.opts;
    const failure = await sendDelivery(egress, d, { secret, signal: this.stopping.signal });
    if (this.stopping.signal.aborted) return;
    try {
      if (failure === null) return await outbox.delivered(d.id);
      const delay = this.retryDelaysMs[d.attempts];
      await outbox.attemptFailed(d.id, failure, delay === undefined ? null : new Date(Date.now() + delay));
      if (delay === undefined) {
        log.warn({ jobId: d.jobId, webhookId: d.webhookId, attempts: d.attempts + 1, error: failure }, 'webhook delivery given up');
      } else {
        setTimeout(() => this.wake(), delay).unref();
      }
    } catch (err) {
      log.error({ err, jobId: d.jobId, webhookId: d.webhookId }, 'recording a webhook attempt failed');
    }
  }
}
