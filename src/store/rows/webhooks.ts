/** Webhook outbox deliveries as both SQL backends store them: the row shape and its mapping to the store's records. */
import type { Delivery } from '../webhooks.js';

export interface DeliveryRow {
  id: number;
  job_id: string;
  webhook_id: string;
  url: string;
  headers: string;
  body: string;
  attempts: number;
}

export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  jobId: r.job_id,
  webhookId: r.webhook_id,
  url: r.url,
  headers: JSON.parse(r.headers) as Record<string, string>,
  body: r.body,
  attempts: r.attempts,
});
