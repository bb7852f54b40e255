import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startSite, type Site, type SiteRequest } from '../fixtures/site.js';

export interface Received {
  at: number;
  headers: SiteRequest['headers'];
  raw: Buffer;
  body: any;
}

/** How the receiver answers its n-th request (0-based); never resolving keeps the request hanging. */
export type Answer = (n: number, body: any) => number | 'hang';

/** A webhook receiver on 127.0.0.1 that records every delivery with its raw body. */
export async function startReceiver(answer: Answer = () => 200) {
  const received: Received[] = [];
  let respond = answer;
  const site: Site = await startSite({
    '/hook': (_req, res: ServerResponse, raw) => {
      const body = JSON.parse(raw.toString('utf8'));
      const n = received.push({ at: Date.now(), headers: _req.headers, raw, body }) - 1;
      const status = respond(n, body);
      if (status === 'hang') return new Promise(() => {});
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    },
  });
  return {
    url: site.url('/hook'),
    received,
    types: () => received.map((r) => r.body.type as string),
    answerWith(a: Answer) {
      respond = a;
    },
    close: () => site.close(),
  };
}

/** What a receiver does (§16.1): HMAC-SHA256 over the raw body, compared in constant time. */
export function signatureValid(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const got = Buffer.from(header);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
