import { textContent } from 'domutils';
import { closest, type Element, parse, propertyValue, select } from './html.js';

/** A thing a page describes in machine-readable form: JSON-LD, microdata or RDFa. */
export interface Entity {
  types: string[];
  data: Record<string, unknown>;
  source: 'json-ld' | 'microdata' | 'rdfa';
  /** 0 for a top-level item, deeper for items nested in others. */
  depth: number;
}

const typesOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));

function parseJsonLd(text: string): unknown {
  const body = text.trim().replace(/^<!\[CDATA\[|\]\]>$/g, '').replace(/^\s*\/\/.*$/gm, '');
  try {
    return JSON.parse(body);
  } catch {
    try {
      // Hand-written JSON-LD often has trailing commas.
      return JSON.parse(body.replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

/** Every typed object in the JSON-LD blocks, nested ones too (list items, offers, organisations). */
export function jsonLdEntities(dom: ReturnType<typeof parse>): Entity[] {
  const out: Entity[] = [];
  const visit = (node: unknown, depth: number) => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth));
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o['@graph']) visit(o['@graph'], depth);
    const types = typesOf(o['@type']);
    if (types.length) out.push({ types, data: o, source: 'json-ld', depth });
    for (const [k, v] of Object.entries(o)) if (k !== '@graph' && k !== '@context') visit(v, depth + 1);
  };
  for (const script of select('script[type="application/ld+json" i]', dom)) visit(parseJsonLd(textContent(script)), 0);
  return out;
}

function readScope(scope: Element, attr: 'itemprop' | 'property', scopeTest: (e: Element) => boolean, depth = 0): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const el of select(`[${attr}]`, scope.children)) {
    if (closest(el, scopeTest) !== scope) continue;
    const value = scopeTest(el) && depth < 8 ? readScope(el, attr, scopeTest, depth + 1) : propertyValue(el);
    if (value === '') continue;
    for (const raw of el.attribs[attr]!.split(/\s+/).filter(Boolean)) {
      const name = raw.replace(/^https?:\/\/schema\.org\//, '').replace(/^schema:/, '');
      const prev = data[name];
      data[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  const type = scope.attribs[attr === 'itemprop' ? 'itemtype' : 'typeof'];
  if (type) data['@type'] = typesOf(type.split(/\s+/));
  return data;
}

/** Microdata (`itemscope`/`itemprop`) and RDFa (`typeof`/`property`) items, as JSON-LD-like objects. */
export function markupEntities(dom: ReturnType<typeof parse>): Entity[] {
  const out: Entity[] = [];
  const kinds = [
    { attr: 'itemprop' as const, selector: '[itemscope]', test: (e: Element) => e.attribs.itemscope !== undefined, source: 'microdata' as const },
    { attr: 'property' as const, selector: '[typeof]', test: (e: Element) => e.attribs.typeof !== undefined, source: 'rdfa' as const },
  ];
  for (const k of kinds) {
    for (const scope of select(k.selector, dom)) {
      let depth = 0;
      for (let p = closest(scope, k.test); p; p = closest(p, k.test)) depth++;
      const data = readScope(scope, k.attr, k.test);
      out.push({ types: typesOf(data['@type']), data, source: k.source, depth });
    }
  }
  return out;
}
