import { ConnectionError, JobTimeoutError, TrawlError } from './errors.js';
import type { HttpClient } from './http.js';
import type { PaginationOptions, WaitOptions } from './types.js';

interface Paged<T> {
  /** The items of one page. */
  items(body: any): T[];
  /** Its `next` link, if any. */
  next(body: any): string | null | undefined;
}

/**
 * Follows `next` links from a first page (§1.14.1) and answers every item,
 * within the limits asked for. Stops when a page lacks `next`, is not a
 * success, or adds nothing (a server that loops must not hang the client).
 */
export async function followNext<T>(http: HttpClient, first: any, paged: Paged<T>, opts: PaginationOptions = {}): Promise<{ items: T[]; next: string | null }> {
  const items = [...paged.items(first)];
  let next = paged.next(first) ?? null;
  if (opts.autoPaginate === false) return { items, next };
  const deadline = opts.maxWaitTime === undefined ? Infinity : Date.now() + opts.maxWaitTime * 1000;
  let pages = 1;
  while (next) {
    if (opts.maxPages !== undefined && pages >= opts.maxPages) break;
    if (opts.maxResults !== undefined && items.length >= opts.maxResults) break;
    if (Date.now() >= deadline) break;
    const body = await http.request('GET', next);
    pages++;
    const more = body?.success === false ? [] : paged.items(body);
    items.push(...more);
    next = more.length && body?.success !== false ? (paged.next(body) ?? null) : null;
  }
  if (opts.maxResults !== undefined && items.length > opts.maxResults) items.length = opts.maxResults;
  return { items, next };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `read` every `pollInterval` seconds until `ended` says so. A 4xx
 * stops the wait (the job is gone or not ours); 5xx answers and lost
 * connections are read again, since the job itself goes on regardless.
 */
export async function waitForJob<S>(jobId: string, read: () => Promise<S>, ended: (s: S) => boolean, opts: WaitOptions = {}): Promise<S> {
  const interval = Math.max(0.05, opts.pollInterval ?? 2) * 1000;
  const deadline = opts.timeout === undefined ? Infinity : Date.now() + opts.timeout * 1000;
  for (;;) {
    try {
      const s = await read();
      if (ended(s)) return s;
    } catch (err) {
      const transient = err instanceof ConnectionError || (err instanceof TrawlError && err.status >= 500 && err.status !== 501);
      if (!transient) throw err;
    }
    if (Date.now() + interval > deadline) throw new JobTimeoutError(jobId, opts.timeout!);
    await sleep(interval);
  }
}
