/**
 * `x-idempotency-key` values already used, per team (§1.12). A claim is an
 * atomic insert-if-absent, so two concurrent requests with one key cannot
 * both start work.
 */
export interface IdempotencyStore {
  /** True when the key was free (or had expired) and is now held until `expiresAt`. */
  claim(teamId: string, key: string, now: Date, expiresAt: Date): Promise<boolean>;
  /** Frees a key whose request failed, so that a retry with it can succeed. */
  release(teamId: string, key: string): Promise<void>;
}
