import { randomUUID } from 'node:crypto';
import { ERRORS, type ErrorEntry } from '../errors/codes.js';
import { TrawlError } from '../errors/trawl-error.js';

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The status, headers and contract envelope (§1.7) that answer a TrawlError. */
export function answerOf(err: TrawlError): ErrorAnswer {
  const entry: ErrorEntry = ERRORS[err.code];
  const body: Record<string, unknown> = { success: false, error: err.message };
  if (!entry.bare) body.code = err.code;
  if (err.details !== undefined) body.details = err.details;
  return { status: err.status, headers: err.headers, body };
}

/** A 500 whose message carries an id that also stands in the server log next to the stack. */
export function unexpected(): { error: TrawlError; exceptionId: string } {
  const exceptionId = randomUUID();
  return { exceptionId, error: new TrawlError('UNKNOWN_ERROR', `${ERRORS.UNKNOWN_ERROR.message} Your exception ID is ${exceptionId}`) };
}
