// The HTML transform (parse, main content, markdown: about a quarter of a crawled page's CPU)
// on worker threads, so that a crawl keeps a second core busy while the main thread fetches,
// stores and claims. A page and its result cross by structured clone, a few tens of
// microseconds for a page that costs about a millisecond to transform. Threads start at the
// first page and hold the process open only while they have pages in hand.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { type TransformInput, type TransformOutput, transformHtml } from './index.js';

interface Waiter {
  resolve: (out: TransformOutput) => void;
  reject: (err: unknown) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Waiter>;
}

/** One core is the main thread's; the others transform, up to 4. */
export const DEFAULT_TRANSFORM_THREADS = Math.min(4, os.availableParallelism() - 1);

let wanted = DEFAULT_TRANSFORM_THREADS;
const threads: Thread[] = [];
let nextId = 0;

/** Threads to transform on from now on; 0 transforms on the calling thread. */
export function useTransformThreads(n: number): void {
  wanted = n;
}

/** transformHtml, on the thread with the fewest pages in hand (the calling one when there are none). */
export function transformAway(input: TransformInput): Promise<TransformOutput> {
  if (wanted <= 0) return Promise.resolve().then(() => transformHtml(input));
  let thread = threads.length < wanted ? start() : threads[0]!;
  for (const t of threads) if (t.pending.size < thread.pending.size) thread = t;
  const id = nextId++;
  const { pending, worker } = thread;
  return new Promise<TransformOutput>((resolve, reject) => {
    if (!pending.size) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, input });
  });
}

function start(): Thread {
  const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url));
  const thread: Thread = { worker, pending: new Map() };
  threads.push(thread);
  worker.unref();
  worker.on('message', ({ id, out, error }: { id: number; out?: TransformOutput; error?: unknown }) => {
    const waiter = thread.pending.get(id);
    if (!waiter) return;
    thread.pending.delete(id);
    if (!thread.pending.size) worker.unref();
    if (error !== undefined) waiter.reject(error);
    else waiter.resolve(out!);
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
