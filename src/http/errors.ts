import { randomUUID } from 'node:crypto';

/**
 * An error that answers the caller: status, message, and the optional `code`
 * and `details` of the contract's error envelope (§1.7).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    const b: Record<string, unknown> = { success: false, error: this.message };
    if (this.code) b.code = this.code;
    if (this.details !== undefined) b.details = this.details;
    return b;
  }
}

export const badRequest = (message: string, details?: unknown, code?: string) =>
  new ApiError(400, message, code, details);
export const unauthorized = (message = 'Unauthorized') => new ApiError(401, message);
export const paymentRequired = (message: string) => new ApiError(402, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'Job not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const notImplemented = (feature: string) =>
  new ApiError(501, `${feature} is not supported by this server`, 'NOT_IMPLEMENTED');

/** A 500 whose message carries an id that also stands in the server log next to the stack. */
export function unexpected(): { error: ApiError; exceptionId: string } {
  const exceptionId = randomUUID();
  return {
    exceptionId,
    error: new ApiError(
      500,
      `An unexpected error occurred. Please contact the operator for help. Your exception ID is ${exceptionId}`,
      'UNKNOWN_ERROR',
    ),
  };
}
