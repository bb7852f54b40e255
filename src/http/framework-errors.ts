import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import { ApiError } from './errors.js';

/** JSON bodies up to 10 MB MUST be accepted (§1.1). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** Job ids and monitor ids are UUIDs; nothing longer is routed. */
export const MAX_PARAM_LENGTH = 200;

/**
 * Deeper JSON is refused before it is parsed: request schemas nest a few levels
 * (a JSON schema for extraction a few dozen at most), while every recursive walk
 * over a value (validation, JSON.stringify, schema conversion) would otherwise
 * overflow the stack on an attacker's ten thousand levels.
 */
export const MAX_JSON_DEPTH = 128;

const malformedJson = () => new ApiError(400, 'Bad request, malformed JSON', 'BAD_REQUEST_INVALID_JSON');

/**
 * Maps what Fastify itself throws or reports (body parsing, limits, routing)
 * onto the contract's envelope; null for what is not the caller's fault.
 */
export function fromFrameworkError(err: FastifyError): ApiError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, `Request body is too large: the limit is ${BODY_LIMIT_BYTES / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError(415, 'Unsupported Content-Type: send application/json', 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`, 'URI_TOO_LONG');
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 'The URL path is not validly percent-encoded', 'BAD_REQUEST');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'Content-Length does not match the body', 'BAD_REQUEST');
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) return malformedJson();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, err.message, err.statusCode === 400 ? 'BAD_REQUEST' : err.code);
  }
  return null;
}

/** Throws the contract's 400 when `text` nests arrays/objects deeper than MAX_JSON_DEPTH. */
export function assertJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new ApiError(400, `Bad request, JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'BAD_REQUEST_INVALID_JSON');
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
}

/** The status and envelope for a request Node's HTTP parser refused before Fastify saw it. */
export function clientErrorAnswer(err: NodeJS.ErrnoException): ApiError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'The request was not received in time', 'REQUEST_TIMEOUT');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'The request line and headers are too large (the limit is 16 KB)', 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    default:
      return new ApiError(400, 'Malformed HTTP request', 'BAD_REQUEST');
  }
}

/**
 * Fastify's `clientErrorHandler`: answers in the envelope where Node would
 * answer with Fastify's own body, then closes the connection (its parser state
 * is lost).
 */
export function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) return void socket.destroy();
  const answer = clientErrorAnswer(err);
  const body = JSON.stringify(answer.body());
  socket.end(
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
