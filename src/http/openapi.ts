import { z } from 'zod';
import { parseOptions } from '../api/parse.js';
import { successResponses } from '../api/responses.js';
import type { RouteSpec } from './route.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (s: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest as JsonSchema;
};

// Path parameters are not validated as UUIDs: any other string is simply an id
// nothing has, answered 404 like an unknown one (§7.2).
const UUID_PARAMS = new Set(['id', 'jobId', 'monitorId', 'checkId']);

function parametersOf(route: RouteSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const js = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  // Path parameters without a schema still need declaring for the document to be valid.
  for (const m of route.url.matchAll(/:(\w+)/g)) {
    const name = m[1]!;
    if (out.some((p) => p.in === 'path' && p.name === name)) continue;
    const schema: JsonSchema = UUID_PARAMS.has(name) ? { type: 'string', format: 'uuid' } : { type: 'string' };
    out.push({ name, in: 'path', required: true, schema });
  }
  return out;
}

/** Why each error status is answered, for the document's descriptions. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid request: the body, query or path failed validation, or the JSON is malformed.',
  401: 'Missing or unknown API key.',
  402: 'Not enough credits for this request.',
  403: 'Not enabled for this team.',
  404: 'No such job or resource for this team, or cached data was required and absent.',
  408: 'The operation exceeded its `timeout`.',
  409: 'The idempotency key is already in use, or the resource is in a state that refuses the request.',
  410: 'The resource existed but is gone.',
  414: 'A path parameter is longer than 200 characters.',
  413: 'The request body or uploaded file is too large.',
  415: 'Unsupported Content-Type, or an uploaded file of a type that cannot be converted.',
  422: 'The target was fetched but its content cannot be converted as asked.',
  429: 'Rate limit exceeded: retry after `Retry-After` seconds.',
  500: 'Unexpected server error (the message carries an id that is also in the server log).',
  501: 'Not built on this server.',
};

/** Statuses a handler answers beyond the ones every route of its kind can (see errorStatuses). */
const HANDLER_ERRORS: Record<string, number[]> = {
  // 422: a page's media that cannot be converted (audio, video formats). 501: a format or
  // mode this server does not build (§1.8), such as audio without ffmpeg; for search, the
  // enterprise modes.
  scrape: [403, 404, 408, 422, 501],
  parse: [408],
  search: [403, 408, 501],
  map: [408],
  // Browser sessions: another team's session is 403; a destroyed one 410 (gone); a scrape
  // whose page cannot be opened again for interaction 409.
  interact: [403, 408, 409, 410],
  stopInteraction: [403, 410],
  browserExecute: [403, 410],
  browserDelete: [403, 410],
  interactSessionExecute: [403, 410],
  interactSessionDelete: [403, 410],
  // appendToId names a batch that may not exist, or another team's (403); feedback names a
  // job that may not exist.
  batchScrape: [403, 404],
  // Another team's job is 403 on these (§7.3), 404 on the status endpoints.
  getScrape: [403],
  cancelCrawl: [403],
  getCrawlErrors: [403],
  cancelBatchScrape: [403],
  getBatchScrapeErrors: [403],
  // A check of this monitor is already running.
  runMonitor: [409],
  feedback: [404],
  // The liveViewUrl token is the credential of this page.
  browserLiveView: [401],
  // threadId names a thread that may not exist (501 where threads are not built).
  startAgent: [404, 501],
  // Firecrawl's own indexes: a team without them gets 403 (src/search/routes.ts).
  searchResearchPapers: [403],
  getResearchPaper: [403],
  similarResearchPapers: [403],
  searchResearchGithub: [403],
  searchDeveloperGet: [403],
  searchDeveloper: [403],
  searchGov: [403],
};

/** The error statuses an operation can answer, from what the route declares. */
function errorStatuses(route: RouteSpec, multipart: boolean): number[] {
  const statuses = new Set<number>([500, ...(HANDLER_ERRORS[route.operationId] ?? [])]);
  if (route.auth !== false) statuses.add(401);
  if (route.rateClass !== 'none') statuses.add(429);
  if (route.body || route.query || route.params || multipart) statuses.add(400);
  if (route.body || multipart) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.creditsRequired) statuses.add(402);
  if (route.url.includes(':')) {
    statuses.add(404);
    statuses.add(414);
  }
  if (route.idempotent) statuses.add(409);
  if (!route.handler || route.feature) statuses.add(501);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * OpenAPI links: where an answer's id is the path parameter of later operations,
 * so clients (and the fuzzer's stateful phase) can follow a resource's life.
 */
const LINKS: Record<string, { from: string; to: Record<string, string> }> = {
  scrape: { from: '$response.body#/data/metadata/scrapeId', to: { getScrape: 'jobId' } },
  crawl: { from: '$response.body#/id', to: { getCrawlStatus: 'id', getCrawlErrors: 'id', cancelCrawl: 'id' } },
  batchScrape: {
    from: '$response.body#/id',
    to: { getBatchScrapeStatus: 'id', getBatchScrapeErrors: 'id', cancelBatchScrape: 'id' },
  },
  extract: { from: '$response.body#/id', to: { getExtractStatus: 'id' } },
  startAgent: { from: '$response.body#/id', to: { getAgentStatus: 'jobId', getAgentTrace: 'jobId', cancelAgent: 'jobId' } },
  createMonitor: {
    from: '$response.body#/data/id',
    to: { getMonitor: 'monitorId', updateMonitor: 'monitorId', runMonitor: 'monitorId', listMonitorChecks: 'monitorId', deleteMonitor: 'monitorId' },
  },
  createTeamKey: { from: '$response.body#/data/id', to: { revokeTeamKey: 'keyId' } },
  browserCreate: { from: '$response.body#/id', to: { browserExecute: 'sessionId', browserDelete: 'sessionId' } },
  interactSessionCreate: {
    from: '$response.body#/id',
    to: { interactSessionExecute: 'sessionId', interactSessionDelete: 'sessionId' },
  },
};

function linksOf(operationId: string, known: Set<string>): JsonSchema | undefined {
  const link = LINKS[operationId];
  if (!link) return undefined;
  const entries = Object.entries(link.to)
    .filter(([target]) => known.has(target))
    .map(([target, param]) => [target, { operationId: target, parameters: { [param]: link.from } }]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Operations whose success is not a JSON body. */
const NON_JSON_SUCCESS: Record<string, JsonSchema> = {
  browserLiveView: { 'text/html': { schema: { type: 'string' } } },
};

/** The multipart body of `POST /v2/parse` (§4): the file, and the options as a JSON part. */
function multipartBody(): JsonSchema {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: 'The file to convert.' },
            options: { ...toSchema(parseOptions), description: 'Parse options (JSON).' },
          },
        },
        encoding: { options: { contentType: 'application/json' } },
      },
    },
  };
}

function responsesOf(route: RouteSpec, multipart: boolean, known: Set<string>): JsonSchema {
  const success = successResponses[route.operationId];
  const links = linksOf(route.operationId, known);
  const responses: JsonSchema = {
    '200': {
      description: 'Success',
      ...(links && { links }),
      content: NON_JSON_SUCCESS[route.operationId] ?? {
        'application/json': { schema: success ? toSchema(success, 'output') : { type: 'object' } },
      },
    },
  };
  for (const status of errorStatuses(route, multipart)) {
    const schema = status === 400 ? '#/components/schemas/BadRequest' : '#/components/schemas/Error';
    const headers = status === 429 ? { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } : undefined;
    responses[String(status)] = {
      description: ERROR_STATUSES[status],
      ...(headers && { headers }),
      content: { 'application/json': { schema: { $ref: schema } } },
    };
  }
  return responses;
}

/**
 * The OpenAPI 3.1 document, generated from the same route specs and zod schemas
 * that route and validate requests, so the two cannot drift apart.
 */
export function buildOpenApi(routes: RouteSpec[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const known = new Set(routes.map((route) => route.operationId));
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const multipart = route.operationId === 'parse';
    const op: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      responses: responsesOf(route, multipart, known),
    };
    if (route.auth !== false) op.security = [{ bearer: [] }];
    if (!route.handler) {
      op.description = `Not built on this server yet: answers 501 NOT_IMPLEMENTED.`;
    }
    if (route.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body) } } };
    } else if (multipart) {
      op.requestBody = multipartBody();
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trawl API',
      version,
      description: 'Self-hostable web data API, wire-compatible with the Firecrawl v2 API.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'error'],
          properties: {
            success: { const: false },
            error: { type: 'string', description: 'What went wrong, readable by a person.' },
            code: { type: 'string', description: 'Stable machine-readable code, e.g. SCRAPE_TIMEOUT.' },
            details: { description: 'Extra facts about the failure; its shape depends on `code`.' },
          },
        },
        BadRequest: {
          type: 'object',
          required: ['success', 'error'],
          properties: {
            success: { const: false },
            error: { type: 'string' },
            code: { type: 'string' },
            details: { type: 'array', description: 'One entry per validation issue: `path`, `message`, `code`.' },
          },
        },
      },
    },
  };
}
