import { createHmac } from 'node:crypto';

/** `X-Firecrawl-Signature` (§16.1): HMAC-SHA256 of the exact body bytes, lowercase hex. */
export const SIGNATURE_HEADER = 'x-firecrawl-signature';

export const signatureOf = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
