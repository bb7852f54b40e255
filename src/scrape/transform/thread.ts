// The worker side of threads.ts: transforms each page it is sent and answers under the same id.
import { parentPort } from 'node:worker_threads';
import { type TransformInput, transformHtml } from './index.js';

parentPort!.on('message', ({ id, input }: { id: number; input: TransformInput }) => {
  try {
    parentPort!.postMessage({ id, out: transformHtml(input) });
  } catch (error) {
    parentPort!.postMessage({ id, error });
  }
});
