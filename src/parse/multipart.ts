import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import { TrawlError } from '../errors/trawl-error.js';

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

export const invalidForm = (reason?: string) =>
  new TrawlError('BAD_REQUEST', reason ? `Invalid multipart form-data request: ${reason}` : 'Invalid multipart form-data request.');

export const fileTooLarge = (maxBytes: number) =>
  new TrawlError('PAYLOAD_TOO_LARGE', `The file is too large: the limit is ${maxBytes / 1024 / 1024} MB`);

/** Undefined when the Content-Type has no boundary, or is not multipart at all. */
function busboyFor(req: IncomingMessage, maxBytes: number) {
  try {
    return new Busboy({
      headers: req.headers as BusboyHeaders,
      limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: ENVELOPE_BYTES },
    });
  } catch {
    return undefined;
  }
}

/**
 * Reads the `file` and `options` parts of a multipart request into memory, the
 * file up to `maxBytes`. The stream is read here rather than by a body parser
 * because app.ts passes multipart bodies through untouched.
 *
 * Every emitter involved (the request, busboy, each part's stream) has an
 * `error` listener: busboy re-emits a truncated body's error on the part
 * stream, and an unheard `error` event ends the whole process.
 */
export function readParseForm(req: IncomingMessage, maxBytes: number): Promise<ParseForm> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new TrawlError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type: send multipart/form-data'));
  }
  const declaredLength = Number(req.headers['content-length']);
  // Refused before reading: the client learns it without sending the whole file.
  if (declaredLength > maxBytes + ENVELOPE_BYTES) return Promise.reject(fileTooLarge(maxBytes));

  return new Promise<ParseForm>((resolve, reject) => {
    const busboy = busboyFor(req, maxBytes);
    if (!busboy) return reject(invalidForm('the Content-Type has no boundary'));

    const form: ParseForm = { file: undefined, options: undefined };
    let settled = false;
    const stopReading = () => {
      req.unpipe(busboy);
      // The rest of the body is read and dropped so that a client still sending
      // gets to read the answer: closing on it would reset the connection under
      // the answer. The request timeout (app.ts) bounds how long that lasts.
      if (!req.destroyed) req.resume();
    };
    const fail = (err: TrawlError) => {
      if (settled) return;
      settled = true;
      stopReading();
      reject(err);
    };

    busboy.on('file', (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('error', () => fail(invalidForm('the body ended before the file part was closed')));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Stopping at once spares reading (and buffering) the rest of an oversized upload.
      stream.on('limit', () => fail(fileTooLarge(maxBytes)));
      stream.on('end', () => {
        if (settled) return;
        const bytes = Buffer.concat(chunks);
        // Some clients send the options as a file part of their own.
        if (name === 'options') form.options ??= bytes.toString('utf8');
        else if (name === 'file' && !form.file) form.file = { filename, contentType: mimeType, bytes };
      });
    });
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (name !== 'options') return;
      if (valueTruncated) return fail(invalidForm('the options part is too large'));
      form.options ??= value;
    });
    busboy.on('filesLimit', () => fail(invalidForm('too many files')));
    busboy.on('fieldsLimit', () => fail(invalidForm('too many fields')));
    busboy.on('error', (err: Error) => fail(invalidForm(err.message.replace(/\.$/, '').toLowerCase())));
    busboy.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve(form);
    });
    req.on('error', () => fail(invalidForm('the upload was interrupted')));
    req.on('aborted', () => fail(invalidForm('the upload was interrupted')));
    req.pipe(busboy);
  });
}
