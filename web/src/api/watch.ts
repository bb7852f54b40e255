import { api, errorText } from './client.js';
import { apiKey } from './session.js';

export type JobKind = 'crawl' | 'batch';

export interface JobStatus {
  status: 'scraping' | 'completed' | 'failed' | 'cancelled';
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt?: string;
}

export interface WatchHandlers {
  /** A new status; `documents` are the ones it carried (the catch-up), if any. */
  status(s: JobStatus, documents: any[]): void;
  document(d: any): void;
  /** The job failed, or it cannot be watched at all. */
  error(message: string): void;
  /** How progress arrives: `live` over the WebSocket, `polling` when that is not possible. */
  channel(c: 'live' | 'polling'): void;
}

export const statusPath = (kind: JobKind, id: string) =>
  `/v2/${kind === 'crawl' ? 'crawl' : 'batch/scrape'}/${encodeURIComponent(id)}`;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const POLL_MS = 2000;
/** Counts change with every page; reading them is cheap (one document at most). */
const COUNTS_MS = 1000;

/**
 * Follows one job: over the watcher WebSocket (§17, on the job's status path,
 * the key as the subprotocol as the JS SDK sends it), falling back to polling
 * the status endpoint when the socket cannot be used (a key that is not a
 * valid subprotocol token, a proxy that drops upgrades). Answers a stop function.
 */
export function watchJob(kind: JobKind, id: string, on: WatchHandlers): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | undefined;
  let received = 0;
  let finished = false;

  async function poll() {
    if (stopped) return;
    try {
      let path: string | null = `${statusPath(kind, id)}?skip=${received}`;
      let last: any;
      while (path && !stopped) {
        last = await api('GET', path);
        for (const d of last.data ?? []) on.document(d);
        received += (last.data ?? []).length;
        path = last.next ? new URL(last.next).pathname + new URL(last.next).search : null;
      }
      if (stopped) return;
      on.status(last, []);
      if (!TERMINAL.has(last.status)) timer = setTimeout(poll, POLL_MS);
    } catch (err) {
      on.error(errorText(err));
    }
  }

  /**
   * The socket brings every page but no counts between the catch-up and the
   * end (status frames are optional, §17.2): the pages discovered meanwhile
   * are read from the status endpoint, one document at most per read.
   */
  async function refreshCounts() {
    if (stopped) return;
    try {
      const head = await api('GET', `${statusPath(kind, id)}?skip=${received}&limit=1`);
      if (stopped || finished) return;
      on.status({ ...head, data: undefined }, []);
      if (!TERMINAL.has(head.status)) timer = setTimeout(refreshCounts, COUNTS_MS);
    } catch {
      // The socket is still the source; a missed count refresh is made up by the next frame.
      if (!stopped) timer = setTimeout(refreshCounts, COUNTS_MS);
    }
  }

  function fallBack() {
    if (stopped) return;
    clearTimeout(timer);
    on.channel('polling');
    void poll();
  }

  const key = apiKey();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${statusPath(kind, id)}`;
  try {
    socket = key ? new WebSocket(url, [key]) : new WebSocket(url);
  } catch {
    fallBack();
    return stop;
  }
  socket.onopen = () => {
    on.channel('live');
    timer = setTimeout(refreshCounts, COUNTS_MS);
  };
  socket.onmessage = (e) => {
    const frame = JSON.parse(String(e.data));
    switch (frame.type) {
      case 'catchup':
        received += frame.data.data.length;
        on.status(frame.data, frame.data.data);
        break;
      case 'document':
        received += 1;
        on.document(frame.data);
        break;
      case 'done':
        finished = true;
        on.status(frame.data, []);
        break;
      case 'error':
        on.error(frame.error);
        break;
      default:
        if (frame.data?.status) on.status(frame.data, []);
    }
  };
  socket.onclose = (e) => {
    if (stopped) return;
    if (e.code === 1000) {
      finished = true;
      clearTimeout(timer);
      return;
    }
    // Refusals carry the contract's JSON reason (§17.3); anything else is the path being unusable.
    const reason = parseReason(e.reason);
    if (reason) on.error(reason);
    else fallBack();
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  }
  return stop;
}

function parseReason(reason: string): string | null {
  try {
    const r = JSON.parse(reason);
    return r?.type === 'error' && typeof r.error === 'string' ? r.error : null;
  } catch {
    return null;
  }
}
