import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { MIME_TYPES } from './detect.js';
import { DocumentError } from './errors.js';
import { escapeHtml, htmlDocument, htmlTable } from './markup.js';
import type { DocumentResult } from './result.js';
import { attr, child, children, find, findFirst, localName, parseXml, textOf } from './xml.js';
import { openZip } from './zip.js';

type OdfKind = 'odt' | 'ods' | 'odp';

/** Elements whose content is not part of the reading text (revisions, comments, TOCs, notes). */
const SKIPPED = new Set([
  'tracked-changes',
  'annotation',
  'annotation-end',
  'note',
  'sequence-decls',
  'table-of-content',
  'forms',
  'notes',
  'bookmark',
  'bookmark-start',
  'bookmark-end',
  'soft-page-break',
]);
/** Presentation frames that repeat on every slide. */
const SLIDE_CHROME = new Set(['page-number', 'footer', 'date-time', 'header', 'notes']);
/** Rows or columns repeated more than this are formatting (LibreOffice repeats empty cells to column 1024), not data. */
const MAX_REPEAT = 1000;

interface TextStyle {
  bold: boolean;
  italic: boolean;
}

/**
 * OpenDocument text, spreadsheet and presentation → HTML. All three share one XML
 * vocabulary in content.xml: ODT paragraphs, headings, lists and tables; ODS sheets
 * as tables under their names (dates as ISO, formulas as their saved results);
 * ODP pages as slide sections like PPTX.
 */
export async function parseOdf(bytes: Uint8Array, kind: OdfKind): Promise<DocumentResult> {
  const what = kind.toUpperCase();
  const zip = openZip(bytes, what);
  const content = await zip.text('content.xml');
  if (content === undefined) throw new DocumentError('corrupt', `The ${what} file has no content.xml`);
  const doc = parseXml(content);
  const reader = new OdfReader(textStyles(doc), listStyles(doc));
  const body = findFirst(doc, 'body');
  const office = body && children(body)[0];
  let html = '';
  if (office && localName(office.name) === 'spreadsheet') html = reader.sheets(office);
  else if (office && localName(office.name) === 'presentation') html = reader.slides(office);
  else if (office) html = reader.blocks(office.children);

  const meta = await zip.text('meta.xml');
  const titleElement = meta ? findFirst(parseXml(meta), 'title') : undefined;
  const title = (titleElement && textOf(titleElement).trim()) || undefined;
  const result: DocumentResult = { kind, mimeType: MIME_TYPES[kind], html: htmlDocument(html, title), warnings: [] };
  if (title) result.title = title;
  return result;
}

/** Bold and italic from the document's automatic text styles, which is where editors put direct formatting. */
function textStyles(doc: ReturnType<typeof parseXml>): Map<string, TextStyle> {
  const styles = new Map<string, TextStyle>();
  const automatic = findFirst(doc, 'automatic-styles');
  for (const style of automatic ? children(automatic, 'style') : []) {
    const props = child(style, 'text-properties');
    if (!props) continue;
    const weight = attr(props, 'font-weight') ?? '';
    styles.set(attr(style, 'name') ?? '', {
      bold: weight === 'bold' || Number(weight) >= 600,
      italic: attr(props, 'font-style') === 'italic' || attr(props, 'font-style') === 'oblique',
    });
  }
  return styles;
}

/** For each list style, which levels (1-based) are numbered rather than bulleted. */
function listStyles(doc: ReturnType<typeof parseXml>): Map<string, Set<number>> {
  const lists = new Map<string, Set<number>>();
  for (const style of find(doc, 'list-style')) {
    const numbered = new Set(children(style, 'list-level-style-number').map((l) => Number(attr(l, 'level')) || 1));
    lists.set(attr(style, 'name') ?? '', numbered);
  }
  return lists;
}

class OdfReader {
  constructor(
    private readonly styles: ReadonlyMap<string, TextStyle>,
    private readonly lists: ReadonlyMap<string, ReadonlySet<number>>,
  ) {}

  blocks(nodes: readonly ChildNode[], listStyle?: string, listLevel = 0): string {
    let html = '';
    for (const node of nodes) {
      if (!isTag(node)) continue;
      const name = localName(node.name);
      if (SKIPPED.has(name)) continue;
      if (name === 'h') {
        const level = Math.min(6, Math.max(1, Number(attr(node, 'outline-level')) || 1));
        const inner = this.inline(node.children).trim();
        if (inner) html += `<h${level}>${inner}</h${level}>`;
      } else if (name === 'p') {
        const inner = this.inline(node.children).trim();
        if (inner) html += `<p>${inner}</p>`;
      } else if (name === 'list') {
        const style = attr(node, 'style-name') ?? listStyle;
        const level = listLevel + 1;
        const tag = style && this.lists.get(style)?.has(level) ? 'ol' : 'ul';
        const items = children(node)
          .filter((item) => localName(item.name) === 'list-item' || localName(item.name) === 'list-header')
          .map((item) => `<li>${this.listItem(item, style, level)}</li>`);
        if (items.length) html += `<${tag}>${items.join('')}</${tag}>`;
      } else if (name === 'table') {
        html += this.table(node);
      } else {
        // Sections, frames, text boxes, index bodies: containers of more blocks.
        html += this.blocks(node.children, listStyle, listLevel);
      }
    }
    return html;
  }

  /** The item's first paragraph inline, so that converters make tight lists rather than loose ones. */
  listItem(item: Element, listStyle: string | undefined, level: number): string {
    const [first, ...rest] = children(item);
    if (first && localName(first.name) === 'p') return this.inline(first.children).trim() + this.blocks(rest, listStyle, level);
    return this.blocks(item.children, listStyle, level);
  }

  inline(nodes: readonly ChildNode[]): string {
    let html = '';
    for (const node of nodes) {
      if (isText(node)) {
        html += escapeHtml(node.data);
        continue;
      }
      if (!isTag(node)) continue;
      const name = localName(node.name);
      if (SKIPPED.has(name)) continue;
      if (name === 's') html += ' '.repeat(Math.min(100, Number(attr(node, 'c')) || 1));
      else if (name === 'tab') html += ' ';
      else if (name === 'line-break') html += '<br>';
      else if (name === 'a') {
        const href = attr(node, 'href') ?? '';
        const inner = this.inline(node.children);
        html += /^(https?:|mailto:)/i.test(href) ? `<a href="${escapeHtml(href)}">${inner}</a>` : inner;
      } else if (name === 'span') {
        let inner = this.inline(node.children);
        const style = this.styles.get(attr(node, 'style-name') ?? '');
        if (style && inner.trim()) {
          if (style.italic) inner = `<em>${inner}</em>`;
          if (style.bold) inner = `<strong>${inner}</strong>`;
        }
        html += inner;
      } else if (name === 'frame' || name === 'text-box') {
        // A text box anchored inside a paragraph: its text, kept on its own line.
        const text = find(node, 'p').map((p) => this.inline(p.children).trim()).filter(Boolean);
        if (text.length) html += `<br>${text.join('<br>')}<br>`;
      } else {
        html += this.inline(node.children);
      }
    }
    return html;
  }

  table(table: Element): string {
    const rows: string[][] = [];
    for (const row of find(table, 'table-row')) {
      const cells: string[] = [];
      for (const cell of children(row)) {
        const name = localName(cell.name);
        if (name !== 'table-cell' && name !== 'covered-table-cell') continue;
        const html = name === 'covered-table-cell' ? '' : this.cell(cell);
        const repeat = Math.min(MAX_REPEAT, Number(attr(cell, 'number-columns-repeated')) || 1);
        for (let i = 0; i < repeat; i++) cells.push(html);
      }
      while (cells.length && cells.at(-1) === '') cells.pop();
      if (!cells.length) continue;
      const repeat = Math.min(MAX_REPEAT, Number(attr(row, 'number-rows-repeated')) || 1);
      for (let i = 0; i < repeat; i++) rows.push(cells);
    }
    return htmlTable(rows);
  }

  /** Spreadsheet cells show their formatted text; dates are given as ISO instead, formulas by their saved result. */
  cell(cell: Element): string {
    const type = attr(cell, 'value-type');
    if (type === 'date') {
      const date = attr(cell, 'date-value') ?? '';
      if (date) return escapeHtml(date.replace(/T00:00:00(\.0+)?$/, ''));
    }
    return children(cell)
      .filter((c) => localName(c.name) === 'p' || localName(c.name) === 'h')
      .map((p) => this.inline(p.children).trim())
      .filter(Boolean)
      .join('<br>');
  }

  sheets(spreadsheet: Element): string {
    return children(spreadsheet, 'table')
      .map((sheet) => {
        const table = this.table(sheet);
        return `<h2>${escapeHtml(attr(sheet, 'name') ?? '')}</h2>${table || '<p>(empty sheet)</p>'}`;
      })
      .join('');
  }

  slides(presentation: Element): string {
    return children(presentation, 'page')
      .map((page, index) => {
        let title = '';
        let body = '';
        for (const frame of children(page)) {
          const role = attr(frame, 'class');
          if (role && SLIDE_CHROME.has(role)) continue;
          if (role === 'title' && !title) {
            title = find(frame, 'p').map((p) => this.inline(p.children).trim()).filter(Boolean).join(' ');
          } else {
            body += this.blocks([frame]);
          }
        }
        return `<section><h2>Slide ${index + 1}${title ? `: ${title}` : ''}</h2>${body}</section>`;
      })
      .join('');
  }
}
