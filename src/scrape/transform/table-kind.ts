// What a <table> is for. Most hold data; old sites and e-mails lay whole pages out with
// them (as markdown one giant row: their rows and cells are read as blocks instead); code
// highlighters put line numbers in one cell and the code in the next.
import { type Element, isElement } from './dom.js';

export type TableKind = 'data' | 'layout' | 'code';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CODE_TABLE = /(?:^|\s)(?:highlighttable|rouge-table|lntable)(?:\s|$)/;
const LINE_NUMBERS = /(?:^|\s)(?:line-?numbers?(?:-rows)?|linenos?|lineno|gutter|ln-num|hljs-ln-numbers)(?:\s|$)/;
// Text-level elements, which cannot hold the tables or headings looked for.
const TEXT_LEVEL = new Set(['a', 'abbr', 'b', 'br', 'code', 'em', 'i', 'img', 'kbd', 'small', 'strong', 'sub', 'sup', 'time']);

// Asked for the same table by main-content detection and by the markdown conversion.
const kinds = new WeakMap<Element, TableKind>();

export function tableKind(table: Element): TableKind {
  let kind = kinds.get(table);
  if (kind === undefined) {
    kind = classify(table);
    kinds.set(table, kind);
  }
  return kind;
}

export function isLineNumbers(el: Element): boolean {
  return !!el.attribs.class && LINE_NUMBERS.test(el.attribs.class);
}

function classify(table: Element): TableKind {
  if (CODE_TABLE.test(table.attribs.class ?? '')) return 'code';
  const role = table.attribs.role;
  if (role === 'presentation' || role === 'none') return 'layout';
  const found = { cells: 0, layout: false, numbers: false };
  scan(table, found);
  if (found.numbers) return 'code';
  return found.layout || found.cells === 1 ? 'layout' : 'data';
}

// A cell that holds a table or a heading is a region of a page, not a datum.
function scan(el: Element, found: { cells: number; layout: boolean; numbers: boolean }): void {
  for (const c of el.children) {
    if (found.layout || found.numbers || !isElement(c) || TEXT_LEVEL.has(c.name)) continue;
    if (c.name === 'table' || HEADINGS.has(c.name)) {
      found.layout = true;
      return;
    }
    if (c.name === 'td' || c.name === 'th') {
      found.cells++;
      if (isLineNumbers(c)) found.numbers = true;
    }
    scan(c, found);
  }
}
