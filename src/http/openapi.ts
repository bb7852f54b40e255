import { z } from 'zod';
import type { RouteSpec } from './route.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (s: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  return rest as JsonSchema;
};

const errorResponse = { $ref: '#/components/schemas/Error' };

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
    if (!out.some((p) => p.in === 'path' && p.name === m[1])) {
      out.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  return out;
}

/**
 * The OpenAPI 3.1 document, generated from the same route specs and zod schemas
 * that route and validate requests, so the two cannot drift apart.
 */
export function buildOpenApi(routes: RouteSpec[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const op: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } },
        default: { description: 'Error', content: { 'application/json': { schema: errorResponse } } },
      },
    };
    if (route.auth !== false) op.security = [{ bearer: [] }];
    if (!route.handler) {
      op.description = `Not built on this server yet: answers 501 NOT_IMPLEMENTED.`;
    }
    if (route.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body) } } };
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
            error: { type: 'string' },
            code: { type: 'string' },
            details: {},
          },
        },
      },
    },
  };
}
