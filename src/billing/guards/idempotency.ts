import { TrawlError } from '../../errors/trawl-error.js';
import type { Guard } from '../../http/route.js';
import type { Store } from '../../store/store.js';

/** §1.12 asks for at least 24 hours. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/**
 * §1.12: on routes that honour it, the first use of an `x-idempotency-key`
 * (per team) is recorded and a reuse answers 409. Runs after validation and
 * the credit check, and hands back an undo, so that a request refused or
 * failed after the claim leaves the key free for the retry.
 */
export function idempotencyGuard(store: Store, ttlMs = IDEMPOTENCY_KEY_TTL_MS): Guard {
  return {
    name: 'idempotency',
    stage: 'post',
    async run({ route, req, team }) {
      if (!route.idempotent) return;
      const header = req.headers['x-idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) return;
      const now = new Date();
      const { idempotency } = store;
      if (!(await idempotency.claim(team.id, key, now, new Date(now.getTime() + ttlMs)))) {
        throw new TrawlError('CONFLICT', 'Idempotency key already used');
      }
      return () => idempotency.release(team.id, key);
    },
  };
}
