import type { StructuredOutputMode } from '../../config.js';
import { LlmError } from '../errors.js';
import { coerceToSchema } from '../schema/coerce.js';
import { propertiesOf, requiredOf } from '../schema/nodes.js';
import { schemaErrors } from '../schema/validate.js';
import type { ChatMessage, GenerateJsonOutput, JsonSchema, TokenUsage } from '../types.js';
import { addUsage } from '../usage.js';
import { BadRequestError, chatCompletion, type EndpointOptions } from './http.js';
import { parseJsonAnswer } from './repair.js';

type Style = 'json_schema' | 'json_object' | 'prompt';

/**
 * Endpoints (base URL + model) that answered 400 to `json_schema`: remembered
 * for the life of the process so every later call goes straight to the prompt.
 */
const refusesJsonSchema = new Set<string>();

const endpointKey = (e: EndpointOptions) => `${e.baseUrl} ${e.model}`;

// OpenAI-style APIs want an object at the root of a response schema.
function wrapRoot(schema: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  const t = schema.type;
  const isObject = t === 'object' || (t === undefined && (schema.properties !== undefined || Object.keys(schema).length === 0));
  if (isObject) return { schema, wrapped: false };
  const { $defs, definitions, ...rest } = schema;
  return {
    schema: { type: 'object', properties: { value: rest }, required: ['value'], additionalProperties: false, ...($defs ? { $defs } : {}), ...(definitions ? { definitions } : {}) },
    wrapped: true,
  };
}

/** `strict: true` is only accepted for schemas that close every object and require every property. */
function strictCompatible(node: unknown): boolean {
  if (!node || typeof node !== 'object') return true;
  if (Array.isArray(node)) return node.every(strictCompatible);
  const n = node as JsonSchema;
  if (n.type === 'object' || n.properties) {
    const props = Object.keys(propertiesOf(n));
    if (n.additionalProperties !== false) return false;
    const required = new Set(requiredOf(n));
    if (props.some((p) => !required.has(p))) return false;
  }
  return Object.values(n).every(strictCompatible);
}

const isFreeForm = (schema: JsonSchema) => !schema.properties && !schema.items && !schema.$ref && !schema.anyOf && !schema.oneOf;

function schemaInstruction(schema: JsonSchema, freeForm: boolean): string {
  if (freeForm) return 'Answer with a single JSON object and nothing else: no prose, no code fences.';
  return `Answer with a single JSON object that conforms to this JSON Schema, and nothing else (no prose, no code fences):\n${JSON.stringify(schema)}`;
}

function withInstruction(messages: ChatMessage[], instruction: string): ChatMessage[] {
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

function requestFor(style: Style, messages: ChatMessage[], schema: JsonSchema, freeForm: boolean) {
  if (style === 'json_schema') {
    return {
      messages: withInstruction(messages, 'Answer in JSON.'),
      responseFormat: { type: 'json_schema', json_schema: { name: 'result', schema, strict: strictCompatible(schema) } },
    };
  }
  return {
    messages: withInstruction(messages, schemaInstruction(schema, freeForm)),
    ...(style === 'json_object' && { responseFormat: { type: 'json_object' } }),
  };
}

export interface StructuredRequest {
  messages: ChatMessage[];
  schema: JsonSchema;
  signal?: AbortSignal;
}

/**
 * A JSON answer held to `schema`: through `response_format` where the server
 * offers it, else the schema in the prompt. The answer is parsed leniently,
 * validated, re-asked once with the violations, then coerced; what still
 * breaks the schema comes back in `warnings`.
 */
export async function generateStructured(endpoint: EndpointOptions, mode: StructuredOutputMode, req: StructuredRequest): Promise<GenerateJsonOutput> {
  const { schema, wrapped } = wrapRoot(req.schema);
  const freeForm = isFreeForm(schema);
  const key = endpointKey(endpoint);
  let style: Style = mode === 'auto' ? (refusesJsonSchema.has(key) ? 'prompt' : 'json_schema') : mode;
  // A schema-less answer needs no schema enforcement; JSON mode is more widely offered.
  if (freeForm && style === 'json_schema') style = 'json_object';

  let usage: TokenUsage | undefined;
  const send = async (messages: ChatMessage[]) => {
    const answer = await chatCompletion(endpoint, { ...requestFor(style, messages, schema, freeForm), ...(req.signal && { signal: req.signal }) });
    usage = usage ? addUsage(usage, answer.usage) : answer.usage;
    return answer.content;
  };
  const ask = async (messages: ChatMessage[]) => {
    try {
      return await send(messages);
    } catch (err) {
      if (!(err instanceof BadRequestError) || mode !== 'auto' || style === 'prompt') throw err;
      const refused = style;
      style = 'prompt';
      const content = await send(messages);
      // Only now is it clear that the response_format, not the request, was the problem.
      if (refused === 'json_schema') refusesJsonSchema.add(key);
      return content;
    }
  };

  const first = await ask(req.messages);
  let parsed = parseJsonAnswer(first);
  let errors = parsed.ok ? schemaErrors(schema, parsed.value) : ['the answer is not JSON'];
  if (errors.length) {
    const retry = await ask([
      ...req.messages,
      { role: 'assistant', content: first },
      {
        role: 'user',
        content: `That answer was not valid: ${errors.slice(0, 10).join('; ')}. Reply again with only the corrected JSON object${freeForm ? '' : ' conforming to the schema'}.`,
      },
    ]);
    const second = parseJsonAnswer(retry);
    if (second.ok) {
      parsed = second;
      errors = schemaErrors(schema, second.value);
    }
  }
  if (!parsed.ok) {
    throw new LlmError('invalid_answer', `The LLM did not answer JSON, even when asked again; it began: ${first.slice(0, 120)}`);
  }
  let value = parsed.value;
  const warnings: string[] = [];
  if (errors.length) {
    value = coerceToSchema(value, schema);
    const left = schemaErrors(schema, value);
    if (left.length) warnings.push(`The LLM's answer does not fully match the schema: ${left.slice(0, 5).join('; ')}.`);
  }
  if (wrapped) value = value && typeof value === 'object' ? (value as Record<string, unknown>).value : value;
  return { data: value, usage: usage!, ...(warnings.length && { warnings }) };
}
