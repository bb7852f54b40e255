import type { z } from 'zod';
import { TrawlError } from '../errors/trawl-error.js';

type Where = 'body' | 'query' | 'params';

/** Issue objects as §1.7 shows them; the caller's input is never echoed back. */
function toDetails(issues: z.core.$ZodIssue[]) {
  return issues.map(({ input: _input, ...rest }) => rest);
}

function reason(where: Where, issue: z.core.$ZodIssue): string {
  const at = issue.path.length ? `${issue.path.join('.')}: ` : where === 'body' ? '' : `${where}: `;
  return `${at}${issue.message}`;
}

/**
 * `Bad Request` as Firecrawl sends it, followed by the first reason: the
 * official JS SDK (and firecrawl-cli, firecrawl-mcp) show only `error` as the
 * exception message, so a bare "Bad Request" would leave the caller guessing.
 * Every reason stays in `details` (docs/api-choices.md).
 */
function describe(where: Where, issues: z.core.$ZodIssue[]): string {
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more, see details)` : '';
  return `Bad Request: ${reason(where, issues[0]!)}${more}`;
}

/**
 * Firecrawl accepts and ignores `__experimental_*` keys at a body's top level
 * (its own end-to-end tests send them), so they are dropped before the strict schemas.
 */
function withoutExperimentalKeys(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !key.startsWith('__experimental_')));
}

/**
 * Parses one part of a request against its schema. Failures answer the
 * contract's 400: `code: BAD_REQUEST`, `details` = the issues.
 */
export function validate<T>(schema: z.ZodType<T>, value: unknown, where: Where): T {
  const r = schema.safeParse(where === 'body' ? withoutExperimentalKeys(value ?? {}) : value);
  if (r.success) return r.data;
  throw new TrawlError('BAD_REQUEST', describe(where, r.error.issues), { details: toDetails(r.error.issues) });
}
