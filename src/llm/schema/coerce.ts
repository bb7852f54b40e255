import type { JsonSchema } from '../types.js';
import { allowsNull, propertiesOf, resolveNode, typeOf } from './nodes.js';

/**
 * Brings a value as close to a schema as plain conversions allow: "$1,299.00"
 * to 1299, "yes" to true, one item to a one-item array, `{name}` to its name.
 * What cannot be converted is dropped (object fields) or left for the
 * validator to report.
 */
export function coerceToSchema(value: unknown, schema: JsonSchema, root: JsonSchema = schema): unknown {
  const node = resolveNode(schema, root);
  if (value === null || value === undefined) return value;
  const type = typeOf(node);
  if (Array.isArray(node.enum) && node.enum.length) {
    const hit = matchEnum(value, node.enum);
    if (hit !== undefined) return hit;
  }
  switch (type) {
    case 'object':
      return coerceObject(value, node, root);
    case 'array': {
      const items = resolveNode(node.items, root);
      const list = Array.isArray(value) ? value : [value];
      return list.map((v) => coerceToSchema(v, items, root)).filter((v) => v !== undefined && v !== null);
    }
    case 'number':
    case 'integer': {
      const n = toNumber(value);
      if (n === undefined) return allowsNull(node) ? null : value;
      return type === 'integer' ? Math.round(n) : n;
    }
    case 'boolean': {
      const b = toBoolean(value);
      return b === undefined ? (allowsNull(node) ? null : value) : b;
    }
    case 'string':
      return toText(value, node);
    default:
      return value;
  }
}

function coerceObject(value: unknown, node: JsonSchema, root: JsonSchema): unknown {
  if (Array.isArray(value) && value.length === 1) return coerceObject(value[0], node, root);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const props = propertiesOf(node);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (props[key]) out[key] = coerceToSchema(v, props[key], root);
    else if (node.additionalProperties !== false) out[key] = v;
  }
  return out;
}

function matchEnum(value: unknown, options: unknown[]): unknown {
  if (options.includes(value)) return value;
  if (typeof value !== 'string') return undefined;
  const norm = (s: string) => s.toLowerCase().replace(/^https?:\/\/schema\.org\//, '').replace(/[^a-z0-9]/g, '');
  const v = norm(value);
  return options.find((o) => typeof o === 'string' && norm(o) === v);
}

/** A number from text as pages write it: currency signs, thousands separators, decimal commas, units after it. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    return toNumber(o.value ?? o.price ?? o['@value'] ?? o.ratingValue);
  }
  if (typeof value !== 'string') return undefined;
  const m = value.replace(/\u00a0/g, ' ').match(/-?\d[\d.,' ]*\d|-?\d/);
  if (!m) return undefined;
  let s = m[0].replace(/[ ']/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma > -1 && lastDot > -1) {
    // Whichever separator comes last is the decimal one: 1,299.00 and 1.299,00.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma > -1) {
    const decimals = s.length - lastComma - 1;
    s = (s.match(/,/g) ?? []).length === 1 && decimals !== 3 ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if ((s.match(/\./g) ?? []).length > 1) {
    s = s.replace(/\./g, '');
  }
  const n = Number(s);
  if (!Number.isFinite(n)) return undefined;
  // "12k" and "1.5M" are common on listing pages.
  const rest = value.slice((m.index ?? 0) + m[0].length).trim();
  if (/^[kK](?![a-zA-Z])/.test(rest)) return n * 1000;
  if (/^(M|m|mn)(?![a-zA-Z])/.test(rest)) return n * 1_000_000;
  return n;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on', 'instock', 'in stock', 'available', 'onlineonly', 'limitedavailability', 'presale', 'preorder', 'remote', 'enabled', 'open']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off', 'outofstock', 'out of stock', 'soldout', 'sold out', 'unavailable', 'discontinued', 'disabled', 'closed', 'none']);

export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase().replace(/^https?:\/\/schema\.org\//, '');
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return undefined;
}

function toText(value: unknown, node: JsonSchema): unknown {
  if (typeof value === 'string') return node.format === 'date' || node.format === 'date-time' ? toDate(value, node.format) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((v) => toText(v, {})).filter((v): v is string => typeof v === 'string' && v !== '');
    return parts.length ? parts.join(', ') : undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['name', '@value', 'text', 'value', 'url', '@id', 'streetAddress']) {
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k]);
    }
  }
  return value;
}

/** ISO form of a date a page wrote readably; the text unchanged when it is not a date. */
export function toDate(text: string, format: 'date' | 'date-time'): string {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) return format === 'date' ? t.slice(0, 10) : t;
  const ms = Date.parse(t.replace(/(\d)(st|nd|rd|th)\b/, '$1'));
  if (Number.isNaN(ms)) return text;
  const d = new Date(ms);
  // A bare date is read in local time by Date.parse: keep its calendar day.
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString();
  return format === 'date' ? local.slice(0, 10) : /\d:\d/.test(t) ? d.toISOString() : local.slice(0, 10);
}
