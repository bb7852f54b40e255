import type pg from 'pg';
import type {  EndedJob, WebhookOutbox, WebhookSubscription } from '../webhooks.js';
import { transaction } from './database.js';
import { toDelivery, type DeliveryRow } from '../rows/webhooks.js';

export function createPostgresWebhookOutbox(db: pg.Pool): WebhookOutbox {
  return {
    async subscribe(jobId, subscription) {
      await db.query('INSERT INTO webhook_subscriptions (job_id, config) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING', [
        jobId,
        JSON.stringify(subscription),
      ]);
    },
    async subscription(jobId) {
      const r = (await db.query<{ config: string }>('SELECT config FROM webhook_subscriptions WHERE job_id = $1', [jobId])).rows[0];
      return r ? (JSON.parse(r.config) as WebhookSubscription) : null;
    },
    async record(e) {
      return transaction(db, async (c) => {
        // The subscription's row lock: events of one job are written one at a
        // time, whatever process records them, so their ids follow commit order.
        const sub = (await c.query<{ ended: number }>('SELECT ended FROM webhook_subscriptions WHERE job_id = $1 FOR UPDATE', [e.jobId]))
          .rows[0];
        if (!sub || sub.ended === 1) return false;
        if (e.final) await c.query('UPDATE webhook_subscriptions SET ended = 1 WHERE job_id = $1', [e.jobId]);
        if (!e.delivery) return false;
        const { webhookId, url, headers, body } = e.delivery;
        const now = new Date().toISOString();
        const r = await c.query(
          `INSERT INTO webhook_outbox (job_id, event_key, webhook_id, url, headers, body, state, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
           ON CONFLICT (event_key) DO NOTHING`,
          [e.jobId, `${e.jobId}:${e.key}`, webhookId, url, JSON.stringify(headers), body, now],
        );
        return (r.rowCount ?? 0) > 0;
      });
    },
    async due(now, limit) {
      const { rows } = await db.query<DeliveryRow>(
        `SELECT * FROM webhook_outbox o
          WHERE o.state = 'pending' AND o.next_attempt_at <= $1
            AND NOT EXISTS (SELECT 1 FROM webhook_outbox p WHERE p.job_id = o.job_id AND p.state = 'pending' AND p.id < o.id)
          ORDER BY o.id LIMIT $2`,
        [now.toISOString(), limit],
      );
      return rows.map(toDelivery);
    },
    async delivered(id) {
      await db.query(
        `UPDATE webhook_outbox SET state = 'delivered', attempts = attempts + 1, finished_at = $1, last_error = NULL WHERE id = $2`,
        [new Date().toISOString(), id],
      );
    },
    async attemptFailed(id, error, at) {
      if (at) {
        await db.query('UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3', [
          at.toISOString(),
          error,
          id,
        ]);
      } else {
        await db.query(
          `UPDATE webhook_outbox SET state = 'failed', attempts = attempts + 1, finished_at = $1, last_error = $2 WHERE id = $3`,
          [new Date().toISOString(), error, id],
        );
      }
    },
    async endedWithoutFinalEvent() {
      const { rows } = await db.query<EndedJob>(
        `SELECT j.id, j.kind, j.team_id AS "teamId", j.status, j.error FROM webhook_subscriptions s
           JOIN jobs j ON j.id = s.job_id
          WHERE s.ended = 0 AND j.status <> 'running'`,
      );
      return rows;
    },
  };
}
