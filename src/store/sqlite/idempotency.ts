import { createHash } from 'node:crypto';
import type { IdempotencyStore } from '../idempotency.js';
import type { Db } from './database.js';

const hash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function createSqliteIdempotencyStore(db: Db): IdempotencyStore {
  const q = {
    purge: db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
    claim: db.prepare(
      `INSERT INTO idempotency_keys (team_id, key_hash, created_at, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id, key_hash) DO NOTHING`,
    ),
    release: db.prepare('DELETE FROM idempotency_keys WHERE team_id = ? AND key_hash = ?'),
  };
  // Expired keys go first, so an old key is free again and the table stays small.
  const claim = db.transaction((teamId: string, key: string, now: string, expiresAt: string) => {
    q.purge.run(now);
    return q.claim.run(teamId, hash(key), now, expiresAt).changes === 1;
  });
  return {
    async claim(teamId, key, now, expiresAt) {
      return claim(teamId, key, now.toISOString(), expiresAt.toISOString());
    },
    async release(teamId, key) {
      q.release.run(teamId, hash(key));
    },
  };
}
