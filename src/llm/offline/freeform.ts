import type { PageFacts } from './page.js';

const camel = (key: string) =>
  key
    .replace(/^(og|twitter|article|product|dc|dcterms):/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())
    .replace(/[^a-zA-Z0-9]/g, '');

// JSON-LD keywords say how data is linked, not what it says; the top-level type is kept as `type`.
const strip = (v: unknown, depth = 0): unknown => {
  if (Array.isArray(v)) return v.map((x) => strip(x, depth));
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k !== '@context' && k !== '@id' && !(k === '@type' && depth > 0))
      .map(([k, x]) => [k === '@type' ? 'type' : k, strip(x, depth + 1)]),
  );
};

// Meta tags that describe the page's plumbing, not its subject.
const NOISE = /^(viewport|robots|generator|theme color|referrer|format detection|csrf|google|msvalidate|fb:|twitter:(card|site|creator)|og:(type|locale|site_name)|charset|sourceurl|url|statuscode|scrapeid|contenttype|proxyused|cachestate|cachedat|creditsused|engine)/i;

/**
 * Without a schema and without a model to read the prompt: what the page
 * states in structured form, keyed in camelCase. Its main entity's fields,
 * the loose facts, lists under headings and tables.
 */
export function structuredSummary(page: PageFacts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const main = page.entities.filter((e) => e.depth === 0 && !e.types.some((t) => /^(BreadcrumbList|WebSite|WebPage)$/.test(t)));
  for (const [k, v] of Object.entries(page.facts)) {
    if (NOISE.test(k)) continue;
    const key = k === 'document title' ? 'title' : camel(k);
    if (key && !(key in out)) out[key] = v;
  }
  if (main.length === 1) {
    Object.assign(out, strip(main[0]!.data));
  } else if (main.length > 1) {
    out.items = main.map((e) => strip(e.data));
  }
  for (const s of page.sections) if (s.items.length >= 2 && !(camel(s.heading) in out)) out[camel(s.heading)] = s.items;
  const tables = page.collections.filter((c) => c.source === 'table').map((c) => c.records);
  if (tables.length) out.tables = tables;
  return out;
}
