interface HostState {
  active: number;
  /** Earliest time the next request may start. */
  nextAt: number;
  waiting: Array<() => void>;
}

/**
 * Per-crawl, per-host politeness within this process: at most `perHost`
 * requests in flight to one host, and request starts at least `intervalMs`
 * apart when the crawl has a delay. Keyed by crawl and host, so two crawls of
 * one site each get their own allowance, as separate clients would.
 */
export class HostGate {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly perHost: number) {}

  /** Resolves to the release once the request may start; rejects if `signal` aborts first. */
  async acquire(crawlId: string, host: string, intervalMs: number, signal: AbortSignal): Promise<() => void> {
    const key = `${crawlId} ${host}`;
    let state = this.hosts.get(key);
    if (!state) this.hosts.set(key, (state = { active: 0, nextAt: 0, waiting: [] }));
    const s = state;
    while (s.active >= this.perHost) await waitTurn(s, signal);
    s.active++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      s.active--;
      const next = s.waiting.shift();
      if (next) next();
      // Kept while a delay is pending, so the next page still waits it out.
      else if (!s.active && s.nextAt <= Date.now()) this.hosts.delete(key);
    };
    try {
      if (intervalMs > 0) {
        const startAt = Math.max(Date.now(), s.nextAt);
        s.nextAt = startAt + intervalMs;
        await sleep(startAt - Date.now(), signal);
      }
    } catch (err) {
      release();
      throw err;
    }
    return release;
  }
}

function waitTurn(s: HostState, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const turn = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      s.waiting.splice(s.waiting.indexOf(turn), 1);
      reject(signal.reason);
    };
    s.waiting.push(turn);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
