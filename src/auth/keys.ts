import { createHash, randomBytes } from 'node:crypto';

/**
 * Keys are 128 random bits, so a fast hash is enough to make a stolen database
 * useless; a slow password hash would only add latency to every request.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The reference service's format: `fc-` and 32 hex characters. */
export function generateKey(): string {
  return `fc-${randomBytes(16).toString('hex')}`;
}

export function keyPrefix(key: string): string {
  return key.slice(0, Math.min(key.length, 11));
}
