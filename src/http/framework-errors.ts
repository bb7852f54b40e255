import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import { TrawlError } from '../errors/trawl-error.js';
import { answerOf } from './errors.js';

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

const malformedJson = () => new TrawlError('BAD_REQUEST_INVALID_JSON');

/**
 * Maps what Fastify itself throws or reports (body parsing, limits, routing)
 * onto the contract's envelope; null for what is not the caller's fault.
 */
export function fromFrameworkError(err: FastifyError): TrawlError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TrawlError('PAYLOAD_TOO_LARGE', `Request body is too large: the limit is ${BODY_LIMIT_BYTES / 1024 / 1024} MB`);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new TrawlError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new TrawlError('URI_TOO_LONG', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`);
    case 'FST_ERR_BAD_URL':
      return new TrawlError('BAD_REQUEST', 'The URL path is not validly percent-encoded');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new TrawlError('BAD_REQUEST', 'Content-Length does not match the body');
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON/i.test(err.message))) return malformedJson();
  // Any other refusal of the caller's request keeps the framework's status.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new TrawlError('BAD_REQUEST', err.message, { status: err.statusCode });
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
        throw new TrawlError('BAD_REQUEST_INVALID_JSON', `Bad request, JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
}

/** The status and envelope for a request Node's HTTP parser refused before Fastify saw it. */
export function clientErrorAnswer(err: NodeJS.ErrnoException): TrawlError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new TrawlError('REQUEST_TIMEOUT');
    case 'HPE_HEADER_OVERFLOW':
      return new TrawlError('REQUEST_HEADER_FIELDS_TOO_LARGE');
    default:
      return new TrawlError('BAD_REQUEST', 'Malformed HTTP request');
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
  const answer = answerOf(clientErrorAnswer(err));
  const body = JSON.stringify(answer.body);
  socket.end(
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
