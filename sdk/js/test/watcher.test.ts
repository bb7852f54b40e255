import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { startSite, type Site } from '../../../test/fixtures/site.js';
import { startTestServer, type TestServer } from '../../../test/helpers/server.js';
import { type Document, JobFailedError, type JobSnapshot, JobTimeoutError, NotFoundError, Trawl, TrawlError, UnauthorizedError, type Watcher } from '../src/index.js';
import { loadWebSocket, type SocketLike } from '../src/websocket.js';
import { closedPort } from './helpers.js';

const N = 6;
const page = (title: string, hrefs: string[] = []) =>
  `<html><head><title>${title}</title></head><body><h1>${title}</h1>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(' ')}</body></html>`;

interface Watched {
  documents: Document[];
  snapshots: JobSnapshot[];
  done?: JobSnapshot;
  error?: TrawlError;
}

/** Runs a watcher to its end, collecting its events. */
async function follow(w: Watcher): Promise<Watched> {
  const seen: Watched = { documents: [], snapshots: [] };
  w.on('document', (d) => seen.documents.push(d));
  w.on('snapshot', (s) => seen.snapshots.push(s));
  w.on('done', (s) => (seen.done = s));
  w.on('error', (e) => (seen.error = e));
  await w.start();
  await w.wait().catch(() => undefined);
  return seen;
}

describe('@trawl/sdk: watcher', () => {
  let s: TestServer;
  let site: Site;
  let statusReads = 0;
  let trawl: Trawl;

  before(async () => {
    const slow = async (req: IncomingMessage, res: ServerResponse) => {
      await sleep(150);
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(`Page ${req.url}`));
    };
    site = await startSite({
      '/': { html: page('Home', Array.from({ length: N - 1 }, (_, i) => `/p/${i}`)) },
      ...Object.fromEntries(Array.from({ length: N - 1 }, (_, i) => [`/p/${i}`, slow])),
    });
    s = await startTestServer();
    // Counts status reads, so a test can tell the socket did the work.
    const counting: typeof fetch = (input, init) => {
      if (/\/v2\/(crawl|batch\/scrape)\/[0-9a-f-]{36}(\?|$)/.test(String(input)) && (init?.method ?? 'GET') === 'GET') statusReads++;
      return fetch(input, init);
    };
    trawl = new Trawl({ apiUrl: s.url, apiKey: s.key, fetch: counting });
  });
  after(async () => {
    await s.close();
    await site.close();
  });

  const startCrawl = async () => (await trawl.startCrawl(site.url('/'), { sitemap: 'skip', maxConcurrency: 1, scrapeOptions: { maxAge: 0 } })).id;
  const paths = (docs: Document[]) => docs.map((d) => new URL(d.metadata.url!).pathname).sort();
  const everyPage = ['/', ...Array.from({ length: N - 1 }, (_, i) => `/p/${i}`)].sort();

  test('over the WebSocket: each page once, then done, with no status reads', async () => {
    const id = await startCrawl();
    statusReads = 0;
    const seen = await follow(trawl.watcher(id, { kind: 'crawl', timeout: 60 }));
    assert.equal(seen.error, undefined, String(seen.error));
    assert.deepEqual(paths(seen.documents), everyPage);
    assert.deepEqual({ ...seen.done, expiresAt: undefined }, { status: 'completed', total: N, completed: N, creditsUsed: N, expiresAt: undefined });
    assert.equal(statusReads, 0);
  });

  test('by polling: progress snapshots with the growing total, each page once, then done', async () => {
    const id = await startCrawl();
    const seen = await follow(trawl.watcher(id, { transport: 'poll', pollInterval: 0.1, timeout: 60 }));
    assert.deepEqual(paths(seen.documents), everyPage);
    assert.equal(seen.done?.status, 'completed');
    assert.ok(seen.snapshots.length >= 2);
    assert.ok(seen.snapshots.some((x) => x.status === 'scraping'));
    assert.equal(seen.snapshots.at(-1)!.completed, N);
  });

  test('a socket that drops mid-way hands over to polling from the last page received', async () => {
    const id = await startCrawl();
    const real = (await loadWebSocket())!;
    let frames = 0;
    const dropping = (url: string, protocols: string[]): SocketLike => {
      const ws = real(url, protocols);
      const proxy: SocketLike = {
        onopen: null, onmessage: null, onclose: null, onerror: null,
        close: (code, reason) => ws.close(code, reason),
      };
      ws.onopen = (e) => proxy.onopen?.(e);
      ws.onerror = (e) => proxy.onerror?.(e);
      ws.onclose = (e) => proxy.onclose?.(e);
      ws.onmessage = (e) => {
        // Dropped: frames already on the wire when it closed never reach the watcher.
        if (frames >= 2) return;
        proxy.onmessage?.(e);
        if (++frames === 2) ws.close(4000, 'test drops it');
      };
      return proxy;
    };
    statusReads = 0;
    const seen = await follow(trawl.watcher(id, { socketFactory: dropping, pollInterval: 0.1, timeout: 60 }));
    assert.equal(seen.error, undefined, String(seen.error));
    assert.equal(frames, 2, 'the socket carried two frames before it dropped');
    assert.deepEqual(paths(seen.documents), everyPage, 'every page exactly once');
    assert.equal(seen.documents.length, N);
    assert.equal(seen.done?.status, 'completed');
    assert.ok(statusReads > 0, 'polling took over');
  });

  test('with no socket to be had, it polls', async () => {
    const id = await startCrawl();
    const refusing = (): SocketLike => {
      const sock: SocketLike = { onopen: null, onmessage: null, onclose: null, onerror: null, close: () => undefined };
      setImmediate(() => sock.onclose?.({ code: 1006, reason: '' }));
      return sock;
    };
    const seen = await follow(trawl.watcher(id, { socketFactory: refusing, pollInterval: 0.1, timeout: 60 }));
    assert.deepEqual(paths(seen.documents), everyPage);
    assert.equal(seen.done?.status, 'completed');
  });

  test('batch jobs are watched the same way', async () => {
    const { id } = await trawl.startBatchScrape([site.url('/p/0'), site.url('/p/1')], { options: { maxAge: 0 } });
    const seen = await follow(trawl.watcher(id, { kind: 'batch', timeout: 60 }));
    assert.deepEqual(paths(seen.documents), ['/p/0', '/p/1']);
    assert.equal(seen.done?.completed, 2);
  });

  test('a job that fails ends the watcher, and the crawl() waiter, with JobFailedError', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}/`;
    const { id } = await trawl.startCrawl(nowhere);
    const [watched, waited] = await Promise.all([
      follow(trawl.watcher(id, { timeout: 60 })),
      trawl.crawl(nowhere, { pollInterval: 0.2, timeout: 60 }).catch((e: unknown) => e),
    ]);
    assert.ok(watched.error instanceof JobFailedError, String(watched.error));
    assert.equal(watched.done, undefined);
    assert.ok(waited instanceof JobFailedError, String(waited));
  });

  test('an unknown job, a bad key and a timeout end in typed errors', async () => {
    const unknown = await follow(trawl.watcher('00000000-0000-4000-8000-000000000000', { timeout: 30 }));
    assert.ok(unknown.error instanceof NotFoundError, String(unknown.error));

    const id = await startCrawl();
    const stranger = new Trawl({ apiUrl: s.url, apiKey: 'fc-ffffffffffffffffffffffffffffffff' });
    const refused = await follow(stranger.watcher(id, { timeout: 30 }));
    assert.ok(refused.error instanceof UnauthorizedError, String(refused.error));
    const polledRefusal = await follow(stranger.watcher(id, { transport: 'poll', timeout: 30 }));
    assert.ok(polledRefusal.error instanceof UnauthorizedError, String(polledRefusal.error));

    const slowJob = await trawl.startCrawl(site.url('/'), { sitemap: 'skip', maxConcurrency: 1, scrapeOptions: { maxAge: 0 } });
    const w = trawl.watcher(slowJob.id, { transport: 'poll', pollInterval: 0.1, timeout: 0.3 });
    const timedOut = await follow(w);
    assert.ok(timedOut.error instanceof JobTimeoutError, String(timedOut.error));
    await assert.rejects(w.wait(), JobTimeoutError);
    assert.equal(timedOut.done, undefined);
  });
});
