import { finished } from 'node:stream/promises';
import type { Egress } from '../egress/index.js';
import type { Delivery } from '../store/webhooks.js';
import { SIGNATURE_HEADER, signatureOf } from './signature.js';

/** §16.1: a delivery succeeds on any 2xx within 10 seconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * One attempt at a delivery; answers null when it succeeded, else why not.
 * Redirects are not followed: a receiver that moved answers 3xx, which is
 * not a success, rather than having the body (and its signature) replayed
 * somewhere else.
 */
export async function sendDelivery(
  egress: Egress,
  delivery: Delivery,
  opts: { secret: string | undefined; signal: AbortSignal },
): Promise<string | null> {
  const headers: Record<string, string> = {
    ...delivery.headers,
    'content-type': 'application/json',
    ...(opts.secret && { [SIGNATURE_HEADER]: signatureOf(opts.secret, delivery.body) }),
  };
  try {
    const res = await egress.stream(delivery.url, {
      method: 'POST',
      headers,
      body: delivery.body,
      redirect: 'manual',
      timeoutMs: DELIVERY_TIMEOUT_MS,
      signal: opts.signal,
    });
    // Read to its end rather than destroyed: the egress client surfaces an
    // unread body's destruction as an uncaught stream error. What it says is
    // not ours to judge, and its failing changes nothing once the status came.
    res.body.resume();
    await finished(res.body).catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `the receiver answered HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
