import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import { ApiError, badRequest } from '../http/errors.js';

export interface Upload {
  filename: string;
  /** As the part declared it; busboy reports `text/plain` for a part that declared none (RFC 7578). */
  contentType: string;
  bytes: Buffer;
}

export interface ParseForm {
  file: Upload | undefined;
  /** The `options` part's text, undefined when absent. */
  options: string | undefined;
}

/** Room for the boundaries, part headers and the `options` part around the file. */
const ENVELOPE_BYTES = 1024 * 1024;

export const invalidForm = () => badRequest('Invalid multipart form-data request.', undefined, 'BAD_REQUEST');

export const fileTooLarge = (maxBytes: number) =>
  new ApiError(413, `The file is too large: the limit is ${maxBytes / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');

/**
 * Reads the `file` and `options` parts of a multipart request into memory, the
 * file up to `maxBytes`. The stream is read here rather than by a body parser
 * because app.ts passes multipart bodies through untouched.
 */
export function readParseForm(req: IncomingMessage, maxBytes: number): Promise<ParseForm> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new ApiError(415, 'Unsupported Content-Type: send multipart/form-data', 'UNSUPPORTED_MEDIA_TYPE'));
  }
  const declaredLength = Number(req.headers['content-length']);
  // Refused before reading: the client learns it without sending the whole file.
  if (declaredLength > maxBytes + ENVELOPE_BYTES) return Promise.reject(fileTooLarge(maxBytes));

  return new Promise<ParseForm>((resolve, reject) => {
    let busboy;
    try {
      busboy = new Busboy({
        headers: req.headers as BusboyHeaders,
        limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: ENVELOPE_BYTES },
      });
    } catch {
      // No boundary, or not multipart at all.
      return reject(invalidForm());
    }

    const form: ParseForm = { file: undefined, options: undefined };
    let failure: ApiError | undefined;
    const fail = (err: ApiError) => {
      failure ??= err;
    };

    busboy.on('file', (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(fileTooLarge(maxBytes)));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // Some clients send the options as a file part of their own.
        if (name === 'options') form.options ??= bytes.toString('utf8');
        else if (name === 'file' && !form.file) form.file = { filename, contentType: mimeType, bytes };
      });
    });
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (name !== 'options') return;
      if (valueTruncated) fail(invalidForm());
      form.options ??= value;
    });
    busboy.on('error', () => {
      req.unpipe(busboy);
      // The rest of a malformed body is discarded so the answer can still be read.
      req.resume();
      reject(failure ?? invalidForm());
    });
    busboy.on('finish', () => (failure ? reject(failure) : resolve(form)));
    req.on('aborted', () => reject(invalidForm()));
    req.pipe(busboy);
  });
}
