import { toDelivery, type DeliveryRow } from '../rows/webhooks.js';
import type { EndedJob, WebhookOutbox, WebhookSubscription } from '../webhooks.js';
import { readCache } from './read-cache.js';
import type { Sql } from './sql.js';

/**
 * `exclusive`: the dispatcher reads a job's subscription at each of its events, a read
 * statement a crawled page, so a store that alone writes its database reads it from
 * memory after the first time (see readCache).
 */
export function createWebhookOutbox(sql: Sql, opts: { exclusive: boolean }): WebhookOutbox {
  const configs = readCache<string | null>(opts.exclusive);
  return {
    async subscribe(jobId, subscription) {
      await configs.write(jobId, () =>
        sql.run('INSERT INTO webhook_subscriptions (job_id, config) VALUES (?, ?) ON CONFLICT (job_id) DO NOTHING', [
          jobId,
          JSON.stringify(subscription),
        ]),
      );
    },
    async subscription(jobId) {
      const config = await configs.read(jobId, async () => {
        const r = await sql.one<{ config: string }>('SELECT config FROM webhook_subscriptions WHERE job_id = ?', [jobId]);
        return r?.config ?? null;
      });
      return config === null ? null : (JSON.parse(config) as WebhookSubscription);
    },
    async record(e) {
      return sql.tx(async (c) => {
        // The subscription's row lock: events of one job are written one at a
        // time, whatever process records them, so their ids follow commit order.
        const sub = await c.one<{ ended: number }>(`SELECT ended FROM webhook_subscriptions WHERE job_id = ?${c.dialect.forUpdate}`, [e.jobId]);
        if (!sub || sub.ended === 1) return false;
        if (e.final) await c.run('UPDATE webhook_subscriptions SET ended = 1 WHERE job_id = ?', [e.jobId]);
        if (!e.delivery) return false;
        const { webhookId, url, headers, body } = e.delivery;
        const now = new Date().toISOString();
        const added = await c.run(
          `INSERT INTO webhook_outbox (job_id, event_key, webhook_id, url, headers, body, state, next_attempt_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)
           ON CONFLICT (event_key) DO NOTHING`,
          [e.jobId, `${e.jobId}:${e.key}`, webhookId, url, JSON.stringify(headers), body, now, now],
        );
        return added > 0;
      });
    },
    async due(now, limit) {
      const rows = await sql.all<DeliveryRow>(
        `SELECT * FROM webhook_outbox o
          WHERE o.state = 'pending' AND o.next_attempt_at <= ?
            AND NOT EXISTS (SELECT 1 FROM webhook_outbox p WHERE p.job_id = o.job_id AND p.state = 'pending' AND p.id < o.id)
          ORDER BY o.id LIMIT ?`,
        [now.toISOString(), limit],
      );
      return rows.map(toDelivery);
    },
    async delivered(id) {
      await sql.run(`UPDATE webhook_outbox SET state = 'delivered', attempts = attempts + 1, finished_at = ?, last_error = NULL WHERE id = ?`, [
        new Date().toISOString(),
        id,
      ]);
    },
    async attemptFailed(id, error, at) {
      if (at) await sql.run('UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?', [at.toISOString(), error, id]);
      else {
        await sql.run(`UPDATE webhook_outbox SET state = 'failed', attempts = attempts + 1, finished_at = ?, last_error = ? WHERE id = ?`, [
          new Date().toISOString(),
          error,
          id,
        ]);
      }
    },
    async endedWithoutFinalEvent() {
      return sql.all<EndedJob>(
        `SELECT j.id, j.kind, j.team_id AS "teamId", j.status, j.error FROM webhook_subscriptions s
           JOIN jobs j ON j.id = s.job_id
          WHERE s.ended = 0 AND j.status <> 'running'`,
      );
    },
  };
}
