import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { BadRequestError, RateLimitError, Trawl, TrawlError, VERSION } from '../src/index.js';

interface Seen {
  at: number;
  method: string;
  body: string;
  authorization: string | undefined;
}

/** A stand-in server answering each request with the next scripted reply. */
async function scripted(replies: Array<{ status: number; headers?: Record<string, string>; body: unknown }>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ at: Date.now(), method: req.method!, body, authorization: req.headers.authorization });
      const r = replies[Math.min(seen.length - 1, replies.length - 1)]!;
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers }).end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}

const USAGE = { status: 200, body: { success: true, data: { remainingCredits: 5 } } };
const limited = (retryAfter: string) => ({ status: 429, headers: { 'retry-after': retryAfter }, body: { success: false, error: 'Rate limit exceeded' } });

describe('@trawl/sdk: transport (retries, the API URL)', () => {
  const servers: Array<{ close(): Promise<unknown> }> = [];
  const start = async (replies: Parameters<typeof scripted>[0]) => {
    const s = await scripted(replies);
    servers.push(s);
    return s;
  };
  after(async () => {
    for (const s of servers) await s.close();
  });

  test('a 429 is retried after the Retry-After the server asked for', async () => {
    const s = await start([limited('1'), USAGE]);
    const usage = await new Trawl({ apiUrl: s.url, apiKey: 'k' }).getCreditUsage();
    assert.equal(usage.remainingCredits, 5);
    assert.equal(s.seen.length, 2);
    assert.ok(s.seen[1]!.at - s.seen[0]!.at >= 950, `waited ${s.seen[1]!.at - s.seen[0]!.at} ms, asked for 1 s`);
    assert.equal(s.seen[1]!.authorization, 'Bearer k');
  });

  test('an API URL without a scheme is taken as http', async () => {
    const s = await start([USAGE]);
    const usage = await new Trawl({ apiUrl: s.url.replace('http://', ''), apiKey: 'k' }).getCreditUsage();
    assert.equal(usage.remainingCredits, 5);
  });

  test('503 and 502 are retried with back-off, and a POST is sent again unchanged', async () => {
    const s = await start([
      { status: 503, body: { success: false, error: 'busy' } },
      { status: 502, body: { success: false, error: 'upstream' } },
      { status: 200, body: { success: true, data: { markdown: '# ok', metadata: { statusCode: 200 } } } },
    ]);
    const doc = await new Trawl({ apiUrl: s.url, apiKey: 'k', backoffMs: 10 }).scrape('https://example.com', { formats: ['markdown'] });
    assert.equal(doc.markdown, '# ok');
    assert.equal(s.seen.length, 3);
    assert.deepEqual(new Set(s.seen.map((r) => r.body)).size, 1);
    assert.deepEqual(JSON.parse(s.seen[0]!.body), { origin: `trawl-js@${VERSION}`, formats: ['markdown'], url: 'https://example.com' });
  });

  test('after maxRetries the last error is thrown, typed, with its status and message', async () => {
    const s = await start([{ status: 502, body: { success: false, error: 'Upstream browser failed', code: 'BROWSER_DOWN' } }]);
    const err = await new Trawl({ apiUrl: s.url, maxRetries: 2, backoffMs: 5 }).getQueueStatus().catch((e: unknown) => e);
    assert.ok(err instanceof TrawlError);
    assert.equal(err.status, 502);
    assert.equal(err.code, 'BROWSER_DOWN');
    assert.equal(err.message, 'Upstream browser failed');
    assert.equal(s.seen.length, 3, 'one try and two retries');
    assert.equal(s.seen[0]!.authorization, undefined, 'no key, no Authorization header');
  });

  test('a 429 asking for longer than maxRetryDelayMs is thrown at once, with retryAfter', async () => {
    const s = await start([limited('3600'), USAGE]);
    const err = await new Trawl({ apiUrl: s.url, apiKey: 'k' }).getCreditUsage().catch((e: unknown) => e);
    assert.ok(err instanceof RateLimitError, String(err));
    assert.equal(err.status, 429);
    assert.equal(err.retryAfter, 3600);
    assert.equal(s.seen.length, 1);
  });

  test('other errors are not retried', async () => {
    const s = await start([{ status: 400, body: { success: false, code: 'BAD_REQUEST', error: 'Bad Request', details: [{ path: ['url'], message: 'Invalid URL' }] } }, USAGE]);
    const err = await new Trawl({ apiUrl: s.url, apiKey: 'k' }).getCreditUsage().catch((e: unknown) => e);
    assert.ok(err instanceof BadRequestError);
    assert.deepEqual(err.details, [{ path: ['url'], message: 'Invalid URL' }]);
    assert.equal(err.message, 'Bad Request; url: Invalid URL', "a bare 'Bad Request' gains the reasons of its details");
    assert.equal(s.seen.length, 1);
  });
});
