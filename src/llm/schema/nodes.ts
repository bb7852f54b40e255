import type { JsonSchema } from '../types.js';

/** A schema node with local `$ref`s (`#/$defs/x`, `#/definitions/x`) resolved against its root. */
export function resolveNode(node: unknown, root: JsonSchema, depth = 0): JsonSchema {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return {};
  const n = node as JsonSchema;
  const ref = n.$ref;
  if (typeof ref === 'string' && ref.startsWith('#') && depth < 20) {
    let target: unknown = root;
    for (const part of ref.slice(1).split('/').filter(Boolean)) {
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))] : undefined;
    }
    const { $ref: _ref, ...rest } = n;
    return { ...resolveNode(target, root, depth + 1), ...rest };
  }
  // `anyOf: [X, {type: null}]` is how generators spell an optional X: read it as X.
  const union = (n.anyOf ?? n.oneOf) as unknown[] | undefined;
  if (Array.isArray(union) && !n.type && !n.properties) {
    const branch = union.find((b) => b && typeof b === 'object' && (b as JsonSchema).type !== 'null');
    if (branch) {
      const { anyOf: _a, oneOf: _o, ...rest } = n;
      return { ...resolveNode(branch, root, depth + 1), ...rest };
    }
  }
  return n;
}

/** The schema's primary type (the first non-null one), inferred from its keywords when `type` is absent. */
export function typeOf(node: JsonSchema): string | undefined {
  const t = node.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (node.properties) return 'object';
  if (node.items) return 'array';
  if (Array.isArray(node.enum) && node.enum.length) return typeof node.enum[0] === 'number' ? 'number' : 'string';
  return undefined;
}

export const allowsNull = (node: JsonSchema): boolean =>
  node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null')) || node.nullable === true;

export function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
  const p = node.properties;
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, JsonSchema>) : {};
}

export function requiredOf(node: JsonSchema): string[] {
  return Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : [];
}
