import { fetchRobots, type Fetcher, type Robots } from './robots.js';

interface Entry {
  robots: Promise<Robots>;
  at: number;
}

/**
 * The robots.txt of the origins crawls touch, shared by every crawl of the
 * process: a page's links are checked against their origin's rules, which
 * would otherwise be fetched again for each page. Bounded in entries and age.
 */
export class RobotsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly fetcher: Fetcher,
    private readonly opts: { maxEntries?: number; ttlMs?: number } = {},
  ) {}

  /** The rules of `url`'s origin for `userAgent`. Never rejects except on cancellation. */
  get(url: URL, userAgent: string | undefined, signal?: AbortSignal): Promise<Robots> {
    const key = `${userAgent ?? ''}\n${url.origin}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < (this.opts.ttlMs ?? 10 * 60_000)) return hit.robots;
    if (this.entries.size >= (this.opts.maxEntries ?? 1000)) this.entries.delete(this.entries.keys().next().value!);
    // Fetched without the caller's signal: the result is shared, and one
    // cancelled crawl must not leave a rejected promise for the others.
    const robots = fetchRobots(this.fetcher, url, userAgent ? { userAgent } : {});
    this.entries.set(key, { robots, at: now });
    return signal ? abortable(robots, signal) : robots;
  }
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
