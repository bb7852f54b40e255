import { ConnectionError, ForbiddenError, JobFailedError, JobTimeoutError, NotFoundError, TrawlError, UnauthorizedError } from './errors.js';
import type { HttpClient } from './http.js';
import { followNext } from './jobs.js';
import type { Document, JobState } from './types.js';
import { loadWebSocket, type SocketFactory, type SocketLike } from './websocket.js';

export interface WatcherOptions {
  /** Which job the id names (default "crawl"). */
  kind?: 'crawl' | 'batch';
  /** Seconds between status reads when polling (default 2). */
  pollInterval?: number;
  /** Seconds before the watcher ends with a JobTimeoutError (default: none). */
  timeout?: number;
  /**
   * "auto" (default): the job's WebSocket, polling when there is no WebSocket
   * in the runtime or the socket drops; "poll": status reads only, which also
   * report `total` as it grows; "websocket": the socket only.
   */
  transport?: 'auto' | 'websocket' | 'poll';
  /** Test seam: how sockets are made (default: global WebSocket, else the `ws` package). */
  socketFactory?: SocketFactory;
}

/** Progress of a watched job. */
export interface JobSnapshot {
  status: JobState;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt?: string;
}

interface WatcherEvents {
  document: [Document];
  snapshot: [JobSnapshot];
  done: [JobSnapshot];
  error: [TrawlError];
}

/** A §17.2 message. */
interface Frame {
  type?: string;
  data?: any;
  error?: string;
}

type Listener<E extends keyof WatcherEvents> = (...args: WatcherEvents[E]) => void;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * Follows a crawl or batch scrape (§17): emits each finished page once as
 * `document`, progress as `snapshot`, then `done` (completed or cancelled) or
 * `error` (job failed, refused, timed out).
 */
export class Watcher {
  private readonly listeners: { [E in keyof WatcherEvents]: Set<Listener<E>> } = {
    document: new Set(),
    snapshot: new Set(),
    done: new Set(),
    error: new Set(),
  };
  private readonly seen = new Set<string>();
  /** Documents received in completion order, kept or deduplicated: the `skip` of the next status read. */
  private received = 0;
  private socket: SocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private outcome: { snapshot: JobSnapshot } | { error: TrawlError } | undefined;
  private readonly settle = new Set<() => void>();
  private started = false;

  constructor(
    private readonly http: HttpClient,
    readonly jobId: string,
    private readonly opts: WatcherOptions = {},
  ) {}

  on<E extends keyof WatcherEvents>(event: E, listener: Listener<E>): this {
    this.listeners[event].add(listener);
    return this;
  }

  off<E extends keyof WatcherEvents>(event: E, listener: Listener<E>): this {
    this.listeners[event].delete(listener);
    return this;
  }

  /** Connects (or starts polling); resolves once watching has begun. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.opts.timeout !== undefined) {
      this.timer = setTimeout(() => this.fail(new JobTimeoutError(this.jobId, this.opts.timeout!)), this.opts.timeout * 1000);
    }
    const transport = this.opts.transport ?? 'auto';
    const factory = transport === 'poll' ? undefined : (this.opts.socketFactory ?? (await loadWebSocket()));
    if (factory) return this.connect(factory, transport === 'websocket');
    if (transport === 'websocket') return this.fail(new ConnectionError('No WebSocket implementation: install the `ws` package or use Node 22+'));
    void this.poll();
  }

  /** Resolves with the last snapshot when the job is done; rejects with the error the watcher ended on. */
  wait(): Promise<JobSnapshot> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!this.outcome) return false;
        if ('error' in this.outcome) reject(this.outcome.error);
        else resolve(this.outcome.snapshot);
        return true;
      };
      if (!check()) this.settle.add(check);
    });
  }

  /** Stops watching; no more events. */
  close(): void {
    if (this.outcome) return;
    this.outcome = { error: new TrawlError('Watcher closed') };
    this.cleanup();
  }

  private path(): string {
    return this.opts.kind === 'batch' ? `/v2/batch/scrape/${encodeURIComponent(this.jobId)}` : `/v2/crawl/${encodeURIComponent(this.jobId)}`;
  }

  private connect(factory: SocketFactory, socketOnly: boolean): Promise<void> {
    const url = this.http.apiUrl.replace(/^http/i, 'ws') + this.path();
    return new Promise((resolve) => {
      let opened = false;
      let socket: SocketLike;
      try {
        socket = factory(url, this.http.apiKey ? [this.http.apiKey] : []);
      } catch (err) {
        // E.g. a key that is not a valid subprotocol token: status reads need no socket.
        if (socketOnly) this.fail(new ConnectionError(`WebSocket error: ${(err as Error).message}`, { cause: err }));
        else void this.poll();
        return resolve();
      }
      this.socket = socket;
      socket.onopen = () => {
        opened = true;
        resolve();
      };
      socket.onerror = () => {
        // The close event that follows decides what happens next.
      };
      socket.onmessage = (ev) => {
        let frame: unknown;
        try {
          frame = JSON.parse(String(ev.data));
        } catch (err) {
          return this.fail(new TrawlError(`Unreadable watcher frame: ${(err as Error).message}`));
        }
        this.onFrame(frame as Frame);
      };
      socket.onclose = (ev) => {
        this.socket = undefined;
        resolve();
        if (this.outcome) return;
        const refused = refusal(ev.code, ev.reason);
        if (refused) return this.fail(refused);
        if (socketOnly) return this.fail(new ConnectionError(opened ? `Watcher socket closed (${ev.code})` : 'WebSocket error'));
        // Dropped before the end (or never opened): status reads carry on from the last document.
        void this.poll();
      };
    });
  }

  private onFrame(frame: Frame) {
    const data = frame.data;
    switch (frame.type) {
      case 'document':
        return this.document(data);
      case 'error':
        return this.fail(new JobFailedError(this.jobId, frame.error ?? 'The job failed'));
      case 'done':
        for (const d of data?.data ?? []) this.document(d);
        return this.finish({ ...snapshotOf(data), status: 'completed' });
      default:
        // catchup, and any progress frame carrying a status
        if (!data?.status) return;
        for (const d of data.data ?? []) this.document(d);
        return this.snapshot(snapshotOf(data));
    }
  }

  private async poll(): Promise<void> {
    const interval = Math.max(0.05, this.opts.pollInterval ?? 2) * 1000;
    while (!this.outcome) {
      try {
        const first = await this.http.request('GET', this.path(), { query: { skip: this.received } });
        const { items } = await followNext<Document>(this.http, first, { items: (b) => b?.data ?? [], next: (b) => b?.next });
        if (this.outcome) return;
        for (const d of items) this.document(d);
        this.snapshot(snapshotOf(first));
      } catch (err) {
        const e = err instanceof TrawlError ? err : new TrawlError(String(err));
        const transient = e instanceof ConnectionError || (e.status >= 500 && e.status !== 501);
        if (!transient) return this.fail(e);
      }
      if (!this.outcome) await new Promise((r) => setTimeout(r, interval));
    }
  }

  private document(doc: Document) {
    this.received++;
    const key = doc?.metadata?.scrapeId ?? doc?.metadata?.url ?? doc?.metadata?.sourceURL ?? JSON.stringify(doc);
    if (this.seen.has(key) || this.outcome) return;
    this.seen.add(key);
    this.emit('document', doc);
  }

  private snapshot(s: JobSnapshot) {
    if (this.outcome) return;
    this.emit('snapshot', s);
    if (!TERMINAL.has(s.status)) return;
    if (s.status === 'failed') this.fail(new JobFailedError(this.jobId, `Job ${this.jobId} failed`));
    else this.finish(s);
  }

  private finish(s: JobSnapshot) {
    if (this.outcome) return;
    this.outcome = { snapshot: s };
    this.emit('done', s);
    this.cleanup();
  }

  private fail(error: TrawlError) {
    if (this.outcome) return;
    this.outcome = { error };
    this.emit('error', error);
    this.cleanup();
  }

  private cleanup() {
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = undefined;
    for (const check of this.settle) check();
    this.settle.clear();
  }

  private emit<E extends keyof WatcherEvents>(event: E, ...args: WatcherEvents[E]) {
    for (const l of this.listeners[event]) (l as (...a: WatcherEvents[E]) => void)(...args);
  }
}

function snapshotOf(d: any): JobSnapshot {
  return { status: d?.status, total: d?.total ?? 0, completed: d?.completed ?? 0, creditsUsed: d?.creditsUsed ?? 0, expiresAt: d?.expiresAt };
}

/** §17.3 close codes that mean "stop", as the errors a status read would have given. */
function refusal(code: number, reason: string): TrawlError | undefined {
  let message: string | undefined;
  try {
    message = JSON.parse(reason)?.error;
  } catch {
    // A reason that is not JSON: the code alone decides.
  }
  if (code === 3000) return new UnauthorizedError(message ?? 'Unauthorized', { status: 401 });
  if (code === 3003) return new ForbiddenError(message ?? 'Forbidden', { status: 403 });
  if (code === 1008) return new NotFoundError(message ?? 'Job not found', { status: 404 });
  return undefined;
}
