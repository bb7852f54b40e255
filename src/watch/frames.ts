import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { wireStatus } from '../jobs/job-status.js';
import type { Job } from '../store/jobs.js';
import type { DocumentPage } from '../store/results.js';

/**
 * The watcher's messages (§17.2), as JSON text. Documents arrive as the JSON
 * the store holds and are spliced in, as the status endpoint does.
 */

/** The status-endpoint envelope of a job, unpaginated (`next` is always null). */
function envelope(job: Job, page: Pick<DocumentPage, 'documentCount' | 'creditsUsed'>, documents: string[]): string {
  const head = {
    success: true,
    status: wireStatus(job.status),
    total: job.total,
    completed: page.documentCount,
    creditsUsed: page.creditsUsed,
    expiresAt: job.expiresAt,
    next: null,
  };
  return `${JSON.stringify(head).slice(0, -1)},"data":[${documents.join(',')}]}`;
}

/** The first frame, and the last of a cancelled job (with no documents then). */
export const catchupFrame = (job: Job, page: Pick<DocumentPage, 'documentCount' | 'creditsUsed'>, documents: string[]) =>
  `{"type":"catchup","data":${envelope(job, page, documents)}}`;

export const documentFrame = (document: string) => `{"type":"document","data":${document}}`;

/** Progress (§17.2 allows it): how far a running job has got, so a watcher sees the total grow. */
export const statusFrame = (job: Job, page: Pick<DocumentPage, 'documentCount' | 'creditsUsed'>) =>
  JSON.stringify({
    type: 'status',
    data: { status: wireStatus(job.status), total: job.total, completed: page.documentCount, creditsUsed: page.creditsUsed, expiresAt: job.expiresAt },
  });

export const doneFrame = (job: Job, page: Pick<DocumentPage, 'documentCount' | 'creditsUsed'>) =>
  `{"type":"done","data":${envelope(job, page, [])}}`;

export const errorFrame = (error: string) => JSON.stringify({ type: 'error', error });

/** §17.3 close codes. */
export const CLOSE = { done: 1000, notFound: 1008, internal: 1011, unauthorized: 3000, forbidden: 3003 } as const;

/** A close frame's reason holds at most 123 bytes of UTF-8. */
const MAX_REASON_BYTES = 123;

/** Closes with the JSON reason of §17.3, the error cut short to fit a close frame. */
export function closeWith(ws: WebSocket, code: number, error?: string): void {
  if (error === undefined) return ws.close(code, '{"type":"done"}');
  let text = error;
  let reason = JSON.stringify({ type: 'error', error: text });
  while (Buffer.byteLength(reason) > MAX_REASON_BYTES) {
    text = text.slice(0, -1);
    reason = JSON.stringify({ type: 'error', error: `${text}…` });
  }
  ws.close(code, reason);
}

/** An unexpected failure: logged under an exception id the client is given (1011). */
export function closeUnexpected(ws: WebSocket, log: { error(obj: object, msg?: string): void }, err: unknown, what: string): void {
  const exceptionId = randomUUID();
  log.error({ err, exceptionId }, what);
  if (ws.readyState !== ws.OPEN) return;
  const error = `An unexpected error occurred; exception ID is ${exceptionId}`;
  ws.send(errorFrame(error));
  closeWith(ws, CLOSE.internal, error);
}
