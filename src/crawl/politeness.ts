interface HostState {
  active: number;
  /** Earliest time the next request may start: the interval after the last one started. */
  nextAt: number;
  /** Settles once the request that queued before the newest one has started: with a delay, requests start in turn. */
  started: Promise<void>;
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
    if (!state) this.hosts.set(key, (state = { active: 0, nextAt: 0, started: Promise.resolve(), waiting: [] }));
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
    if (intervalMs <= 0) return release;
    // Each waits for the one before it to start, then for the interval from that start as it
    // happened: timed from a planned start, a timer that fired late would shorten the gap the
    // site sees.
    const before = s.started;
    let started!: () => void;
    s.started = new Promise((resolve) => (started = resolve));
    try {
      await until(before, signal);
      while (Date.now() < s.nextAt) await sleep(s.nextAt - Date.now(), signal);
      s.nextAt = Date.now() + intervalMs;
      started();
    } catch (err) {
      // The one after waits for the one before instead.
      void before.then(started);
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

/** Settles with `p`, or rejects when `signal` aborts first. */
function until(p: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void p.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
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
