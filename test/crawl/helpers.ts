import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestServer } from '../helpers/server.js';

/** An HTML page linking to `hrefs`. */
export function page(title: string, hrefs: string[] = []): { html: string } {
  const links = hrefs.map((h) => `<li><a href="${h}">${h}</a></li>`).join('');
  return { html: `<html><head><title>${title}</title></head><body><h1>${title}</h1><ul>${links}</ul></body></html>` };
}

/**
 * Polls the crawl until it has ended; answers that last status body. The deadline
 * only bounds a hang: on PostgreSQL + Redis at load 20, a 31-page crawl took 23 s.
 */
export async function waitForCrawl(s: TestServer, id: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await s.api('GET', `/v2/crawl/${id}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (r.body.status !== 'scraping') return r.body;
    if (Date.now() > end) throw new Error(`crawl ${id} still running after ${timeoutMs} ms: ${JSON.stringify(r.body).slice(0, 500)}`);
    await sleep(25);
  }
}

/** Starts a crawl and waits for its end; answers the final status and the path of each document, sorted. */
export async function crawl(s: TestServer, body: Record<string, unknown>, timeoutMs?: number) {
  const started = await s.api('POST', '/v2/crawl', body);
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const done = await waitForCrawl(s, started.body.id, timeoutMs);
  const paths = (done.data as Array<{ metadata: { url: string } }>)
    .map((d) => {
      const u = new URL(d.metadata.url);
      return u.pathname + u.search;
    })
    .sort();
  return { id: started.body.id as string, started: started.body, done, paths };
}
