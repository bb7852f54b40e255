import { isDeepStrictEqual } from 'node:util';

export type FieldDiff = Record<string, { previous: unknown; current: unknown }>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Each top-level field whose value differs, with both values (§2.2 json
 * mode). Values that are not objects are compared whole, under the key
 * `value`, so the answer keeps one shape.
 */
export function fieldDiff(previous: unknown, current: unknown): FieldDiff {
  if (!isRecord(previous) || !isRecord(current)) {
    return isDeepStrictEqual(previous, current) ? {} : { value: { previous: previous ?? null, current: current ?? null } };
  }
  const diff: FieldDiff = {};
  for (const key of new Set([...Object.keys(previous), ...Object.keys(current)])) {
    if (!isDeepStrictEqual(previous[key], current[key])) {
      diff[key] = { previous: previous[key] ?? null, current: current[key] ?? null };
    }
  }
  return diff;
}
