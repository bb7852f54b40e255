import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../types.js';

// Callers send draft-07 and 2020-12 schemas alike, with vendor keywords: the
// validator checks the shared vocabulary and ignores what it does not know.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 200;

function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    const { $schema: _ignored, $id: _id, ...rest } = schema;
    fn = ajv.compile(rest);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, fn);
  }
  return fn;
}

const describe = (e: ErrorObject): string => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`;

/** The schema violations of `value`, readable (`/price must be number`); empty when it conforms. */
export function schemaErrors(schema: JsonSchema, value: unknown): string[] {
  let fn: ValidateFunction;
  try {
    fn = validatorFor(schema);
  } catch {
    // A schema the validator cannot compile (e.g. an unresolvable $ref) is not held against the answer.
    return [];
  }
  return fn(value) ? [] : [...new Set((fn.errors ?? []).map(describe))];
}
