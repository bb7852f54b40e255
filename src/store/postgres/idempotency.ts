import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { IdempotencyStore } from '../idempotency.js';
import { transaction } from './database.js';

const hash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function createPostgresIdempotencyStore(db: pg.Pool): IdempotencyStore {
  return {
    async claim(teamId, key, now, expiresAt) {
      // Expired keys go first, so an old key is free again; the insert-if-absent is the atomic claim.
      return transaction(db, async (c) => {
        await c.query('DELETE FROM idempotency_keys WHERE expires_at <= $1', [now.toISOString()]);
        const r = await c.query(
          `INSERT INTO idempotency_keys (team_id, key_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (team_id, key_hash) DO NOTHING`,
          [teamId, hash(key), now.toISOString(), expiresAt.toISOString()],
        );
        return r.rowCount === 1;
      });
    },
    async release(teamId, key) {
      await db.query('DELETE FROM idempotency_keys WHERE team_id = $1 AND key_hash = $2', [teamId, hash(key)]);
    },
  };
}
