// The HTML transform (parse, main content, markdown: about a quarter of a crawled page's CPU)
// on worker threads, so that a crawl keeps a second core busy while the main thread fetches,
// stores and claims. Threads start at the first page and hold the process open only while
// they have pages in hand.
// A message costs both threads more than its page's bytes do (the task that carries it, the
// wake-up, the event dispatch), so the pages given to a thread in one turn of the event loop
// cross in one message, and their results come back in one. The page's own HTML never comes
// back: its `rawHtml` is the string the caller gave.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { type TransformInput, type TransformOutput, transformHtml } from './index.js';
import type { Reply, Request } from './thread.js';
import { transformThreadScript } from './thread-script.js';

interface Waiter {
  html: string;
  resolve: (out: TransformOutput) => void;
  reject: (err: unknown) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Waiter>;
  /** Pages of this turn, not yet posted. */
  outbox: Request[];
}

/** One core is the main thread's; the others transform, up to 4. */
export const DEFAULT_TRANSFORM_THREADS = Math.min(4, os.availableParallelism() - 1);

let wanted = DEFAULT_TRANSFORM_THREADS;
const threads: Thread[] = [];
/** The threads' code, once bundled (thread-script.ts). */
let script: URL | undefined;
let nextId = 0;

/** Threads to transform on from now on; 0 transforms on the calling thread. */
export function useTransformThreads(n: number): void {
  wanted = n;
}

/** transformHtml, on the thread with the fewest pages in hand (the calling one when there are none). */
export function transformAway(input: TransformInput): Promise<TransformOutput> {
  if (wanted <= 0) return Promise.resolve().then(() => transformHtml(input));
  if (!script) {
    return transformThreadScript().then((url) => {
      script = url;
      return transformAway(input);
    });
  }
  let thread = threads.length < wanted ? start() : threads[0]!;
  for (const t of threads) if (t.pending.size < thread.pending.size) thread = t;
  const id = nextId++;
  const { pending, worker, outbox } = thread;
  return new Promise<TransformOutput>((resolve, reject) => {
    if (!pending.size) worker.ref();
    pending.set(id, { html: input.html, resolve, reject });
    if (!outbox.length) setImmediate(post, thread);
    outbox.push({ id, input });
  });
}

function post(thread: Thread): void {
  // A thread that died in this turn has rejected these pages already.
  if (threads.includes(thread)) thread.worker.postMessage(thread.outbox);
  thread.outbox = [];
}

function start(): Thread {
  // No `--import tsx` (the code is plain JS): it would start a loader thread for this one.
  const worker = new Worker(script!, { execArgv: [] });
  const thread: Thread = { worker, pending: new Map(), outbox: [] };
  threads.push(thread);
  worker.unref();
  worker.on('message', (replies: Reply[]) => {
    for (const { id, out, error } of replies) {
      const waiter = thread.pending.get(id);
      if (!waiter) continue;
      thread.pending.delete(id);
      if (error !== undefined) waiter.reject(error);
      else {
        if ('rawHtml' in out!) out.rawHtml = waiter.html;
        waiter.resolve(out!);
      }
    }
    if (!thread.pending.size) worker.unref();
  });
  // A thread that died takes its pages with it; the next page starts a new one.
  const end = (err: unknown) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const waiter of thread.pending.values()) waiter.reject(err);
    thread.pending.clear();
  };
  worker.on('error', end);
  worker.on('exit', (code) => end(new Error(`The transform thread stopped (exit code ${code})`)));
  return thread;
}
