import type { PageInput } from '../types.js';
import { collapse, elementChildren, type Element, parse, propertyValue, select, textOf } from './html.js';
import { isKnownLabel, wordsOf } from './keys.js';
import { type Entity, jsonLdEntities, markupEntities } from './structured-data.js';

/** A list of like records the page shows: table rows, repeated cards, or same-typed entities. */
export interface Collection {
  records: Record<string, unknown>[];
  source: 'table' | 'repeated' | 'entities';
}

/** A heading of the page with what follows it. */
export interface Section {
  heading: string;
  items: string[];
  text: string;
}

/** Everything the offline engine reads from one page, gathered once. */
export interface PageFacts {
  url: string;
  entities: Entity[];
  /** Loose facts: meta tags, key/value tables, definition lists, "Label: value" lines. */
  facts: Record<string, unknown>;
  collections: Collection[];
  sections: Section[];
}

function add(facts: Record<string, unknown>, key: string, value: unknown) {
  const k = collapse(key).replace(/[:：]\s*$/, '');
  if (!k || value === '' || value === undefined || k.length > 60) return;
  if (!(k in facts)) facts[k] = value;
}

function metaFacts(dom: ReturnType<typeof parse>, facts: Record<string, unknown>) {
  // In trust order, since the first fact of equal match wins: a page's own
  // headline states its subject; <title> usually adds the site's name.
  for (const m of select('meta[content]', dom)) {
    const key = m.attribs.property ?? m.attribs.name ?? m.attribs.itemprop;
    if (key) add(facts, key, m.attribs.content!.trim());
  }
  const h1 = select('h1', dom)[0];
  if (h1) add(facts, 'heading', textOf(h1));
  const title = select('title', dom)[0];
  // Not plain `title`: that exact name would outrank the page's own headline.
  if (title) add(facts, 'document title', textOf(title));
  const canonical = select('link[rel~="canonical" i][href]', dom)[0];
  if (canonical) add(facts, 'url', canonical.attribs.href);
}

function cellsOf(row: Element): Element[] {
  return elementChildren(row).filter((c) => c.name === 'td' || c.name === 'th');
}

function tableFacts(dom: ReturnType<typeof parse>, facts: Record<string, unknown>, collections: Collection[]) {
  for (const table of select('table', dom)) {
    if (select('table', table.children).length) continue;
    const rows = select('tr', table.children);
    if (!rows.length) continue;
    const first = cellsOf(rows[0]!);
    const headerRow = first.length > 1 && (first.every((c) => c.name === 'th') || rows[0]!.parent?.type === 'tag' && (rows[0]!.parent as Element).name === 'thead');
    if (headerRow && rows.length > 1) {
      const headers = first.map(textOf);
      const records = rows.slice(1).map((row) => {
        const rec: Record<string, unknown> = {};
        cellsOf(row).forEach((cell, i) => {
          const h = headers[i];
          if (!h) return;
          rec[h] = textOf(cell);
          const link = select('a[href]', cell)[0];
          if (link && !(`${h} url` in rec)) rec[`${h} url`] = link.attribs.href;
        });
        return rec;
      });
      collections.push({ records: records.filter((r) => Object.keys(r).length), source: 'table' });
      continue;
    }
    // A two-column table without a header row is a list of "label | value" facts.
    for (const row of rows) {
      const cells = cellsOf(row);
      if (cells.length === 2) add(facts, textOf(cells[0]!), textOf(cells[1]!));
    }
  }
}

function definitionFacts(dom: ReturnType<typeof parse>, facts: Record<string, unknown>) {
  for (const dl of select('dl', dom)) {
    let term: string | undefined;
    for (const el of select('dt, dd', dl.children)) {
      if (el.name === 'dt') term = textOf(el);
      else if (term) add(facts, term, textOf(el));
    }
  }
}

/**
 * Elements whose class, id or itemprop names a known field (`class="price"`,
 * `id="sku"`, `class="byline"`): how pages without structured data still
 * mark up their facts for their own styling.
 */
function namedElementFacts(dom: ReturnType<typeof parse>, facts: Record<string, unknown>) {
  for (const el of select('[class], [id], [itemprop]', dom)) {
    if (/^(html|body|main|nav|header|footer|form|script|style|button|input|select|option|svg)$/.test(el.name)) continue;
    const raw = el.name === 'time' || el.name === 'data' || el.name === 'meta' ? propertyValue(el) : textOf(el);
    // The element often repeats its own label ("Location: Berlin", "By Maria Okafor").
    const value = raw.replace(/^[^:\d]{1,30}:\s+/, '').replace(/^by\s+/i, '');
    if (!value || value.length > 120) continue;
    const labels = [el.attribs.itemprop, ...(el.attribs.class ?? '').split(/\s+/), el.attribs.id].filter((l): l is string => !!l && l.length < 40);
    for (const label of labels) {
      if (!isKnownLabel(label)) continue;
      add(facts, wordsOf(label).join(' '), value);
      break;
    }
  }
}

const LABEL_LINE = /^\s*(?:[-*+]\s+|\d+\.\s+)?([A-Za-zÀ-ÿ][\p{L}\p{N} ()/&'.-]{0,40}?)\s*[:：]\s+(.{1,300}?)\s*$/u;

/** "Label: value" lines of the page text (markdown emphasis and links removed). */
function labelFacts(markdown: string, facts: Record<string, unknown>) {
  for (const raw of markdown.split('\n')) {
    const line = plainLine(raw);
    const m = line.match(LABEL_LINE);
    if (!m || /^(https?|mailto|tel)$/i.test(m[1]!)) continue;
    if (m[1]!.split(' ').length > 5) continue;
    add(facts, m[1]!, m[2]!);
  }
}

/** A markdown line as plain text: links to their text, emphasis and table pipes removed. */
export function plainLine(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^\s*>\s?/, '')
    .trim();
}

function sectionsOf(markdown: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const raw of markdown.split('\n')) {
    const heading = raw.match(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      current = { heading: plainLine(heading[1]!), items: [], text: '' };
      sections.push(current);
      continue;
    }
    if (!current) continue;
    const item = raw.match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)$/);
    const line = plainLine(item ? item[1]! : raw);
    if (!line || /^\|?[\s:|-]+\|?$/.test(line)) continue;
    if (item) current.items.push(line);
    current.text = current.text ? `${current.text} ${line}` : line;
  }
  return sections.filter((s) => s.heading && (s.items.length || s.text));
}

/** The fields of one repeated card: class-named leaves, headings, links, images, "Label: value" text. */
function cardRecord(card: Element): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (k && v !== '' && v !== undefined && !(k in rec)) rec[k] = v;
  };
  const heading = select('h1, h2, h3, h4, h5, h6', card)[0];
  if (heading) put('name', textOf(heading));
  for (const el of select('[class], [itemprop], [data-field]', card)) {
    const text = textOf(el);
    if (!text || text.length > 200 || elementChildren(el).some((c) => textOf(c) === text && c.attribs.class)) continue;
    const key = el.attribs.itemprop ?? el.attribs['data-field'] ?? el.attribs.class!.split(/\s+/).find((c) => /[a-z]{3}/i.test(c) && !/^(col|row|d-|flex|text-|font-|mt-|mb-|p-|m-|is-|has-)/.test(c));
    if (key) put(key.replace(/^[\w]+(__|--)/, '').replace(/[_-]+/g, ' '), text);
  }
  const link = select('a[href]', card)[0];
  if (link) {
    put('url', link.attribs.href);
    put('name', textOf(link));
  }
  const img = select('img[src]', card)[0];
  if (img) put('image', img.attribs.src);
  for (const line of textLines(card)) {
    const m = line.match(LABEL_LINE);
    if (m) put(m[1]!, m[2]!);
  }
  return rec;
}

function textLines(el: Element): string[] {
  return select('p, li, span, div, dd', el)
    .filter((e) => !elementChildren(e).some((c) => /^(p|div|li)$/.test(c.name)))
    .map(textOf)
    .filter(Boolean);
}

const signature = (el: Element) => `${el.name}.${(el.attribs.class ?? '').split(/\s+/).sort().join('.')}`;

/** Lists of like cards: ≥2 siblings with one tag and class, each with ≥2 fields. */
function repeatedCollections(dom: ReturnType<typeof parse>, collections: Collection[]) {
  const seen = new Set<Element>();
  for (const parent of select('ul, ol, div, section, main, tbody, article', dom)) {
    const kids = elementChildren(parent).filter((k) => k.name !== 'script' && k.name !== 'style');
    if (kids.length < 2) continue;
    const groups = new Map<string, Element[]>();
    for (const k of kids) groups.set(signature(k), [...(groups.get(signature(k)) ?? []), k]);
    for (const group of groups.values()) {
      if (group.length < 2 || group.some((g) => seen.has(g))) continue;
      const records = group.map(cardRecord).filter((r) => Object.keys(r).length >= 2);
      if (records.length < 2) continue;
      group.forEach((g) => seen.add(g));
      collections.push({ records, source: 'repeated' });
    }
  }
}

/** Same-typed entities (≥2) form a collection, e.g. the products of a listing's JSON-LD. */
function entityCollections(entities: Entity[], collections: Collection[]) {
  const byType = new Map<string, Record<string, unknown>[]>();
  for (const e of entities) {
    const t = e.types[0];
    if (!t || t === 'ListItem') continue;
    byType.set(t, [...(byType.get(t) ?? []), e.data]);
  }
  for (const records of byType.values()) if (records.length >= 2) collections.unshift({ records, source: 'entities' });
}

export function readPage(page: PageInput): PageFacts {
  const facts: Record<string, unknown> = {};
  const collections: Collection[] = [];
  let entities: Entity[] = [];
  const dom = page.html ? parse(page.html) : undefined;
  if (dom) {
    entities = [...jsonLdEntities(dom), ...markupEntities(dom)];
    metaFacts(dom, facts);
    tableFacts(dom, facts, collections);
    definitionFacts(dom, facts);
    repeatedCollections(dom, collections);
    entityCollections(entities, collections);
  }
  for (const [k, v] of Object.entries(page.metadata ?? {})) if (typeof v === 'string' || Array.isArray(v)) add(facts, k, v);
  labelFacts(page.markdown, facts);
  // Last: a class name is a weaker statement than a label the reader sees.
  if (dom) namedElementFacts(dom, facts);
  return { url: page.url, entities, facts, collections, sections: sectionsOf(page.markdown) };
}

