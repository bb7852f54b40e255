import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestServer } from '../helpers/server.js';

/** Polls the batch's status until it has ended (the deadline only bounds a hang); answers that last status body. */
export async function waitForBatch(s: TestServer, id: string, headers?: Record<string, string>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await s.api('GET', `/v2/batch/scrape/${id}`, undefined, headers);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (r.body.status !== 'scraping') return r.body;
    if (Date.now() > end) throw new Error(`batch ${id} still running after ${timeoutMs} ms: ${JSON.stringify(r.body).slice(0, 500)}`);
    await sleep(25);
  }
}

export async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

/** A fixture route that answers after `ms` and records how many requests it served at once. */
export function slowPage(ms: number, html = '<html><body><p>slow</p></body></html>') {
  const gauge = { inFlight: 0, peak: 0, served: 0 };
  const route = async (_req: IncomingMessage, res: ServerResponse) => {
    gauge.inFlight++;
    gauge.peak = Math.max(gauge.peak, gauge.inFlight);
    await sleep(ms);
    gauge.inFlight--;
    gauge.served++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
  return { gauge, route };
}
