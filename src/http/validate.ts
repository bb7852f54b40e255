import type { z } from 'zod';
import { badRequest } from './errors.js';

type Where = 'body' | 'query' | 'params';

/** Issue objects as §1.7 shows them; the caller's input is never echoed back. */
function toDetails(issues: z.core.$ZodIssue[]) {
  return issues.map(({ input: _input, ...rest }) => rest);
}

function describe(where: Where, issues: z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((i) => {
    const at = i.path.length ? `${i.path.join('.')}: ` : where === 'body' ? '' : `${where}: `;
    return `${at}${i.message}`;
  });
  if (issues.length > 5) parts.push(`and ${issues.length - 5} more`);
  return `Bad Request: ${parts.join('; ')}`;
}

/**
 * Parses one part of a request against its schema. Failures answer the
 * contract's 400 (`code: BAD_REQUEST`, `details` = issues) with an `error` a
 * person can act on, since both SDKs use `error` as the exception message.
 */
export function validate<T>(schema: z.ZodType<T>, value: unknown, where: Where): T {
  const r = schema.safeParse(value ?? (where === 'body' ? {} : value));
  if (r.success) return r.data;
  throw badRequest(describe(where, r.error.issues), toDetails(r.error.issues), 'BAD_REQUEST');
}
