import assert from 'node:assert/strict';
import type { z } from 'zod';

/** Parses and returns the output, failing the test with the issues when invalid. */
export function accept<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) assert.fail(`expected valid input, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** Parses expecting failure and returns the issues as `path → message`. */
export function reject(schema: z.ZodType, input: unknown): Map<string, string> {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, `expected invalid input, got ${JSON.stringify(result.data)}`);
  return new Map(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** Asserts that parsing fails with exactly this message at this path (other issues may exist). */
export function assertIssue(schema: z.ZodType, input: unknown, path: string, message: string | RegExp): void {
  const issues = reject(schema, input);
  const actual = issues.get(path);
  assert.ok(actual !== undefined, `no issue at "${path}"; issues: ${JSON.stringify([...issues])}`);
  if (typeof message === 'string') assert.equal(actual, message);
  else assert.match(actual, message);
}
