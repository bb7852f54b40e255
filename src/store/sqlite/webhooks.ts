import type {  EndedJob, RecordedEvent, WebhookOutbox, WebhookSubscription } from '../webhooks.js';
import type { Db } from './database.js';
import { toDelivery, type DeliveryRow } from '../rows/webhooks.js';

export function createSqliteWebhookOutbox(db: Db): WebhookOutbox {
  const q = {
    subscribe: db.prepare(
      'INSERT INTO webhook_subscriptions (job_id, config) VALUES (?, ?) ON CONFLICT (job_id) DO NOTHING',
    ),
    subscription: db.prepare('SELECT config FROM webhook_subscriptions WHERE job_id = ?').pluck(),
    ended: db.prepare('SELECT ended FROM webhook_subscriptions WHERE job_id = ?').pluck(),
    end: db.prepare('UPDATE webhook_subscriptions SET ended = 1 WHERE job_id = ?'),
    add: db.prepare(
      `INSERT INTO webhook_outbox (job_id, event_key, webhook_id, url, headers, body, state, next_attempt_at, created_at)
       VALUES (@jobId, @key, @webhookId, @url, @headers, @body, 'pending', @now, @now)
       ON CONFLICT (event_key) DO NOTHING`,
    ),
    due: db.prepare(
      `SELECT * FROM webhook_outbox o
        WHERE o.state = 'pending' AND o.next_attempt_at <= ?
          AND NOT EXISTS (SELECT 1 FROM webhook_outbox p WHERE p.job_id = o.job_id AND p.state = 'pending' AND p.id < o.id)
        ORDER BY o.id LIMIT ?`,
    ),
    delivered: db.prepare(
      `UPDATE webhook_outbox SET state = 'delivered', attempts = attempts + 1, finished_at = ?, last_error = NULL WHERE id = ?`,
    ),
    retry: db.prepare(
      'UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?',
    ),
    givenUp: db.prepare(
      `UPDATE webhook_outbox SET state = 'failed', attempts = attempts + 1, finished_at = ?, last_error = ? WHERE id = ?`,
    ),
    endedWithoutFinal: db.prepare(
      `SELECT j.id, j.kind, j.team_id AS teamId, j.status, j.error FROM webhook_subscriptions s
         JOIN jobs j ON j.id = s.job_id
        WHERE s.ended = 0 AND j.status <> 'running'`,
    ),
  };

  const record = db.transaction((e: RecordedEvent): boolean => {
    const ended = q.ended.get(e.jobId) as number | undefined;
    if (ended === undefined || ended === 1) return false;
    if (e.final) q.end.run(e.jobId);
    if (!e.delivery) return false;
    const { webhookId, url, headers, body } = e.delivery;
    const now = new Date().toISOString();
    const key = `${e.jobId}:${e.key}`;
    return q.add.run({ jobId: e.jobId, key, webhookId, url, headers: JSON.stringify(headers), body, now }).changes > 0;
  });

  return {
    async subscribe(jobId, subscription) {
      q.subscribe.run(jobId, JSON.stringify(subscription));
    },
    async subscription(jobId) {
      const config = q.subscription.get(jobId) as string | undefined;
      return config ? (JSON.parse(config) as WebhookSubscription) : null;
    },
    async record(event) {
      return record(event);
    },
    async due(now, limit) {
      return (q.due.all(now.toISOString(), limit) as DeliveryRow[]).map(toDelivery);
    },
    async delivered(id) {
      q.delivered.run(new Date().toISOString(), id);
    },
    async attemptFailed(id, error, at) {
      if (at) q.retry.run(at.toISOString(), error, id);
      else q.givenUp.run(new Date().toISOString(), error, id);
    },
    async endedWithoutFinalEvent() {
      return q.endedWithoutFinal.all() as EndedJob[];
    },
  };
}
