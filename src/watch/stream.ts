import type { WebSocket } from 'ws';
import { PAGE_BUDGET_BYTES } from '../jobs/job-status.js';
import type { JobEvents } from '../jobs/events.js';
import type { Store } from '../store/store.js';
import { catchupFrame, CLOSE, closeUnexpected, closeWith, documentFrame, doneFrame, errorFrame, statusFrame } from './frames.js';

export interface WatchLog {
  error(obj: object, msg?: string): void;
}

export interface WatchDeps {
  store: Store;
  events: JobEvents;
  log: WatchLog;
}

/** How often the store is read when no job event came; §17.2 asks for at least once a second. */
const POLL_MS = 1000;

/** A client this far behind is given nothing more until it has read what it has. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Streams one job to one admitted socket (§17.2): a catch-up of every
 * document so far, then each new document once, in completion order (the
 * store's sequence is the cursor), then the terminal frame and the close.
 * The store is the source of truth; job events only make it be read sooner,
 * so a missed or repeated event changes nothing.
 */
export function watchJob(ws: WebSocket, jobId: string, deps: WatchDeps): void {
  const { store, log } = deps;
  let sent = 0;
  let caughtUp = false;
  let finished = false;
  let pending = true;
  let running = false;
  // The counts the client last heard (catch-up or status frame), so progress is sent only when it moved.
  let heard = '';
  const countsOf = (job: { total: number }, page: { documentCount: number; creditsUsed: number }) =>
    `${job.total}/${page.documentCount}/${page.creditsUsed}`;

  const open = () => ws.readyState === ws.OPEN;

  /** Answers true once the socket is done with. */
  async function step(): Promise<boolean> {
    if (!open()) return true;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return false;
    // The job before its documents: once it reads as ended, all its documents are in.
    const job = await store.jobs.get(jobId);
    if (!job) {
      closeWith(ws, CLOSE.notFound, 'Job not found');
      return true;
    }
    let page = await store.results.page(jobId, { skip: sent, maxBytes: PAGE_BUDGET_BYTES });
    const catchingUp = !caughtUp;
    if (catchingUp) {
      ws.send(catchupFrame(job, page, page.documents));
      heard = countsOf(job, page);
      caughtUp = true;
      sent += page.documents.length;
      page = { ...page, documents: [] };
    }
    for (;;) {
      for (const d of page.documents) ws.send(documentFrame(d));
      sent += page.documents.length;
      if (sent >= page.documentCount || !open() || ws.bufferedAmount > MAX_BUFFERED_BYTES) break;
      page = await store.results.page(jobId, { skip: sent, maxBytes: PAGE_BUDGET_BYTES });
    }
    if (job.status === 'running' && open() && countsOf(job, page) !== heard) {
      ws.send(statusFrame(job, page));
      heard = countsOf(job, page);
    }
    if (job.status === 'running' || sent < page.documentCount || !open()) return !open();
    switch (job.status) {
      case 'completed':
        ws.send(doneFrame(job, page));
        closeWith(ws, CLOSE.done);
        break;
      case 'failed':
        ws.send(errorFrame(job.error ?? 'The job failed'));
        closeWith(ws, CLOSE.done, job.error ?? 'The job failed');
        break;
      case 'cancelled':
        // The catch-up already said so when the job was cancelled before the client came.
        if (!catchingUp) ws.send(catchupFrame(job, page, []));
        closeWith(ws, CLOSE.done);
        break;
    }
    return true;
  }

  async function run() {
    running = true;
    try {
      while (pending && !finished) {
        pending = false;
        finished = await step();
      }
    } catch (err) {
      finished = true;
      closeUnexpected(ws, log, err, `watching job ${jobId} failed`);
    } finally {
      running = false;
    }
    if (finished) stop();
  }

  function wake() {
    pending = true;
    if (!running && !finished) void run();
  }

  const unsubscribe = deps.events.subscribe((e) => {
    if (e.job.id === jobId) wake();
  });
  const timer = setInterval(wake, POLL_MS);
  function stop() {
    finished = true;
    unsubscribe();
    clearInterval(timer);
  }
  ws.on('close', stop);
  ws.on('error', stop);
  wake();
}
