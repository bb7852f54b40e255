// The worker side of threads.ts: transforms the pages of each message it is sent and answers
// them in one message, each under its id. The caller has each page's HTML, so `rawHtml` comes
// back empty (the key alone says it was asked for) rather than as a second copy.
import { parentPort } from 'node:worker_threads';
import { type TransformInput, type TransformOutput, transformHtml } from './index.js';

export interface Request {
  id: number;
  input: TransformInput;
}

export interface Reply {
  id: number;
  out?: TransformOutput;
  error?: unknown;
}

parentPort!.on('message', (requests: Request[]) => {
  const replies: Reply[] = [];
  for (const { id, input } of requests) {
    try {
      const out = transformHtml(input);
      if (out.rawHtml !== undefined) out.rawHtml = '';
      replies.push({ id, out });
    } catch (error) {
      replies.push({ id, error });
    }
  }
  parentPort!.postMessage(replies);
});
