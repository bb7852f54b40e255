import { coerceToSchema } from '../schema/coerce.js';
import { propertiesOf, requiredOf, resolveNode, typeOf } from '../schema/nodes.js';
import { schemaErrors } from '../schema/validate.js';
import type { JsonSchema } from '../types.js';
import { MATCH_THRESHOLD, matchScore, type Target, wordsOf } from './keys.js';
import type { Collection, PageFacts, Section } from './page.js';

type Rec = Record<string, unknown>;

interface Ctx {
  root: JsonSchema;
  page: PageFacts;
  /** Dotted names of the fields that stayed empty, for the warning. */
  missing: string[];
}

const isPlainObject = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** Each field of a record with its dotted path; nested objects (and first items of object lists) too. */
function flatten(data: Rec, prefix = '', depth = 0, out: [string, unknown][] = []): [string, unknown][] {
  for (const [k, v] of Object.entries(data)) {
    if (k === '@context' || k === '@type' || k === '@id') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    out.push([path, v]);
    if (depth >= 3) continue;
    if (isPlainObject(v)) flatten(v, path, depth + 1, out);
    else if (Array.isArray(v) && isPlainObject(v[0])) flatten(v[0], path, depth + 1, out);
  }
  return out;
}

/** The best-named field across `records`, earlier records winning ties. */
function findField(target: Target, records: Rec[], accept: (v: unknown) => boolean): unknown {
  let best: { value: unknown; score: number } | undefined;
  records.forEach((rec, rank) => {
    for (const [path, value] of flatten(rec)) {
      if (isEmpty(value) || !accept(value)) continue;
      const raw = matchScore(target, path);
      if (raw < MATCH_THRESHOLD) continue;
      // A record's rank outweighs a synonym's edge: the entity being filled comes first.
      const score = raw - rank * 0.1;
      if (!best || score > best.score) best = { value, score };
    }
  });
  return best?.value;
}

function findSection(target: Target, sections: Section[], want: 'items' | 'text'): Section | undefined {
  let best: { s: Section; score: number } | undefined;
  for (const s of sections) {
    if (want === 'items' ? !s.items.length : !s.text) continue;
    const score = matchScore(target, s.heading);
    if (score >= MATCH_THRESHOLD && (!best || score > best.score)) best = { s, score };
  }
  return best?.s;
}

/** The value, coerced, when it then fits the node; undefined when it cannot. */
function conformTo(value: unknown, node: JsonSchema, root: JsonSchema): unknown {
  if (isEmpty(value)) return undefined;
  const coerced = coerceToSchema(value, node, root);
  if (isEmpty(coerced)) return undefined;
  return schemaErrors({ ...node, ...(root.$defs ? { $defs: root.$defs } : {}), ...(root.definitions ? { definitions: root.definitions } : {}) }, coerced).length ? undefined : coerced;
}

const scalarish = (v: unknown) => !Array.isArray(v) || v.every((x) => !isPlainObject(x));

function fillNode(raw: unknown, target: Target, records: Rec[], ctx: Ctx, path: string, depth: number): unknown {
  const node = resolveNode(raw, ctx.root);
  const type = typeOf(node);
  if (type === 'object') {
    const own = findField(target, records, isPlainObject) as Rec | undefined;
    if (own) {
      const filled = fillObject(node, [own, ...records], ctx, path, depth + 1, false);
      if (filled) return filled;
    }
    // An object of the page's own facts, e.g. `contact: {email, phone}`.
    return depth < 3 ? fillObject(node, records, ctx, path, depth + 1, true) : undefined;
  }
  if (type === 'array') return fillArray(node, target, records, ctx, path, depth);
  const direct = conformTo(findField(target, records, (v) => scalarish(v) || type === 'string'), node, ctx.root);
  if (direct !== undefined) return direct;
  // The text under a heading describes the page, not one item of a list on it.
  const section = depth === 0 ? findSection(target, ctx.page.sections, 'text') : undefined;
  return section ? conformTo(section.text, node, ctx.root) : undefined;
}

function fillArray(node: JsonSchema, target: Target, records: Rec[], ctx: Ctx, path: string, depth: number): unknown {
  const items = resolveNode(node.items, ctx.root);
  if (typeOf(items) === 'object') {
    const list = findField(target, records, (v) => Array.isArray(v) && v.some(isPlainObject)) as Rec[] | undefined;
    const source = list?.filter(isPlainObject) ?? bestCollection(items, ctx)?.records;
    if (!source) return undefined;
    const out = source.map((r) => fillObject(items, [unwrapListItem(r)], ctx, `${path}[]`, depth + 1, false, true)).filter((r) => r !== undefined);
    return out.length ? out : undefined;
  }
  const asArray = (v: unknown) => conformTo(Array.isArray(v) ? v : [v], node, ctx.root);
  const field = findField(target, records, (v) => Array.isArray(v));
  if (field !== undefined) {
    const v = asArray((field as unknown[]).map((x) => (isPlainObject(x) ? (x.text ?? x.name ?? x) : x)));
    if (v !== undefined) return v;
  }
  const section = depth === 0 ? findSection(target, ctx.page.sections, 'items') : undefined;
  if (section) return asArray(section.items);
  const text = findField(target, records, (v) => typeof v === 'string');
  if (typeof text === 'string') return asArray(text.split(/\s*[,;|]\s*|\n+/).filter(Boolean));
  // A column of a listing, e.g. `titles: string[]` from a table's Title column.
  const singular = { ...target, name: wordsOf(target.name).join(' ') };
  for (const c of ctx.page.collections) {
    const key = Object.keys(c.records[0] ?? {}).find((k) => matchScore(singular, k) >= MATCH_THRESHOLD);
    if (key) {
      const v = asArray(c.records.map((r) => r[key]).filter((x) => !isEmpty(x)));
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

// JSON-LD lists wrap their members: `{@type: ListItem, position, item: {...}}`.
const unwrapListItem = (r: Rec): Rec => (isPlainObject(r.item) ? { ...r, ...r.item } : r);

/** The page's list whose records name most of the item schema's properties. */
function bestCollection(items: JsonSchema, ctx: Ctx): Collection | undefined {
  const props = Object.entries(propertiesOf(items));
  let best: { c: Collection; matched: number } | undefined;
  for (const c of ctx.page.collections) {
    const keys = [...new Set(c.records.slice(0, 5).flatMap((r) => flatten(unwrapListItem(r)).map(([k]) => k)))];
    const matched = props.filter(([name, p]) =>
      keys.some((k) => matchScore({ name, description: (resolveNode(p, ctx.root).description as string) ?? undefined }, k) >= MATCH_THRESHOLD),
    ).length;
    if (!matched || (props.length > 1 && matched < 2 && c.source !== 'entities')) continue;
    if (!best || matched > best.matched || (matched === best.matched && c.records.length > best.c.records.length)) best = { c, matched };
  }
  return best?.c;
}

/**
 * The schema's object filled from `records` (most trusted first). Optional
 * fields that stay empty are left out, required ones become null; their
 * names are noted for the warning unless `quiet`.
 */
function fillObject(node: JsonSchema, records: Rec[], ctx: Ctx, path: string, depth: number, partial: boolean, quiet = false): Rec | undefined {
  const props = propertiesOf(node);
  const required = new Set(requiredOf(node));
  const out: Rec = {};
  const missing: string[] = [];
  let filled = 0;
  for (const [name, raw] of Object.entries(props)) {
    const p = resolveNode(raw, ctx.root);
    const target = { name, ...(typeof p.description === 'string' && { description: p.description }) };
    const value = fillNode(raw, target, records, ctx, path ? `${path}.${name}` : name, depth);
    if (value !== undefined) {
      out[name] = value;
      filled++;
    } else {
      if (required.has(name)) out[name] = null;
      missing.push(path ? `${path}.${name}` : name);
    }
  }
  if (!filled && (partial || depth > 0)) return undefined;
  if (!quiet) ctx.missing.push(...missing);
  return out;
}

/** Orders the page's entities: the one naming most of the schema's fields first. */
function recordsFor(schema: JsonSchema, page: PageFacts, root: JsonSchema): Rec[] {
  const props = Object.entries(propertiesOf(resolveNode(schema, root)));
  const scored = page.entities
    .filter((e) => !e.types.some((t) => /^(BreadcrumbList|WebSite|SearchAction|ListItem|ImageObject|WebPage)$/.test(t)))
    .map((e, i) => {
      const keys = flatten(e.data).map(([k]) => k);
      const matched = props.filter(([name]) => keys.some((k) => matchScore({ name }, k) >= MATCH_THRESHOLD)).length;
      return { e, i, score: matched - e.depth * 0.5 };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const [primary, ...rest] = scored.map((s) => s.e.data);
  return [...(primary ? [primary] : []), page.facts, ...rest];
}

export interface FillResult {
  data: unknown;
  missing: string[];
}

/** Fills `schema` from one page's facts. */
export function fillSchema(schema: JsonSchema, page: PageFacts): FillResult {
  const ctx: Ctx = { root: schema, page, missing: [] };
  const node = resolveNode(schema, schema);
  const type = typeOf(node) ?? 'object';
  const records = recordsFor(schema, page, schema);
  if (type === 'object') return { data: fillObject(node, records, ctx, '', 0, false) ?? {}, missing: ctx.missing };
  const name = typeof node.title === 'string' ? node.title : typeof node.description === 'string' ? node.description : 'items';
  const data = fillNode(node, { name, ...(typeof node.description === 'string' && { description: node.description }) }, records, ctx, '', 0);
  if (data === undefined) ctx.missing.push('(the whole value)');
  return { data: data ?? (type === 'array' ? [] : null), missing: ctx.missing };
}
