/**
 * - `unsupported`: not a format this server can read (→ SCRAPE_UNSUPPORTED_FILE_ERROR).
 * - `corrupt`: claims or looks like a supported format but cannot be read.
 * - `encrypted`: needs a password.
 * - `too_large`: would decompress to more than the server accepts (zip bombs).
 */
export type DocumentErrorCode = 'unsupported' | 'corrupt' | 'encrypted' | 'too_large';

/** A failure that is the document's fault, not the server's; the message is safe to show. */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDocumentError(err: unknown): err is DocumentError {
  return err instanceof DocumentError;
}

/**
 * Library errors are rethrown as `corrupt` with the library's own words appended, so
 * that a broken upload never surfaces as a 500 with a stack.
 */
export function corrupt(what: string, cause: unknown): DocumentError {
  if (cause instanceof DocumentError) return cause;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new DocumentError('corrupt', `The ${what} file could not be read: ${detail}`, { cause });
}
