import { createHash } from 'node:crypto';
import type { IdempotencyStore } from '../idempotency.js';
import type { Sql } from './sql.js';

const hash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claim(teamId, key, now, expiresAt) {
      // Expired keys go first, so an old key is free again; the insert-if-absent is the atomic claim.
      return sql.tx(async (c) => {
        await c.run('DELETE FROM idempotency_keys WHERE expires_at <= ?', [now.toISOString()]);
        const added = await c.run(
          `INSERT INTO idempotency_keys (team_id, key_hash, created_at, expires_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (team_id, key_hash) DO NOTHING`,
          [teamId, hash(key), now.toISOString(), expiresAt.toISOString()],
        );
        return added === 1;
      });
    },
    async release(teamId, key) {
      await sql.run('DELETE FROM idempotency_keys WHERE team_id = ? AND key_hash = ?', [teamId, hash(key)]);
    },
  };
}
