import type { Element } from 'domhandler';
import { packageTitle } from './core-properties.js';
import { MIME_TYPES } from './detect.js';
import { DocumentError } from './errors.js';
import { escapeHtml, htmlDocument, htmlTable } from './markup.js';
import type { DocumentResult } from './result.js';
import { attr, child, children, find, findFirst, is, parseXml, textOf } from './xml.js';
import { openZip, resolvePart, type ZipPackage } from './zip.js';

/** Placeholders that repeat on every slide and say nothing about it. */
const CHROME = new Set(['dt', 'ftr', 'sldNum', 'hdr']);
const TITLES = new Set(['title', 'ctrTitle']);

interface ListParagraph {
  level: number;
  ordered: boolean;
  html: string;
}

/**
 * PPTX → HTML, slide by slide in presentation order: each slide a section headed
 * "Slide N: <title>", its text boxes as paragraphs or nested lists (body placeholders
 * are bulleted unless told otherwise, free text boxes only when told), tables as tables.
 * Speaker notes, charts and SmartArt are not read.
 */
export async function parsePptx(bytes: Uint8Array, signal?: AbortSignal): Promise<DocumentResult> {
  const zip = openZip(bytes, 'PPTX');
  const slides = await slideParts(zip);
  const sections: string[] = [];
  for (const [index, part] of slides.entries()) {
    signal?.throwIfAborted();
    const xml = await zip.text(part);
    if (xml === undefined) continue;
    sections.push(slideHtml(parseXml(xml), index + 1));
  }
  const title = await packageTitle(zip);
  const result: DocumentResult = { kind: 'pptx', mimeType: MIME_TYPES.pptx, html: htmlDocument(sections.join(''), title), warnings: [] };
  if (title) result.title = title;
  return result;
}

/** Slide part names in the order the presentation lists them (not the order of the file names). */
async function slideParts(zip: ZipPackage): Promise<string[]> {
  const presentation = await zip.text('ppt/presentation.xml');
  const rels = await zip.text('ppt/_rels/presentation.xml.rels');
  if (presentation === undefined || rels === undefined) {
    throw new DocumentError('corrupt', 'The PPTX file has no presentation part');
  }
  const targets = new Map(
    find(parseXml(rels), 'Relationship').map((r) => [attr(r, 'Id') ?? '', resolvePart('ppt/presentation.xml', attr(r, 'Target') ?? '')]),
  );
  return find(parseXml(presentation), 'sldId').flatMap((s) => {
    const target = targets.get(relId(s) ?? '');
    return target ? [target] : [];
  });
}

/** `r:id`: the namespaced id, not the plain numeric `id` the element also has. */
function relId(el: Element): string | undefined {
  for (const [key, value] of Object.entries(el.attribs)) if (key !== 'id' && key.endsWith(':id')) return value;
  return undefined;
}

function slideHtml(slide: ReturnType<typeof parseXml>, number: number): string {
  const tree = findFirst(slide, 'spTree');
  let title = '';
  const body: string[] = [];
  const walk = (group: Element) => {
    for (const shape of children(group)) {
      if (is(shape, 'grpSp')) walk(shape);
      else if (is(shape, 'sp')) {
        const placeholder = findFirst(shape, 'ph');
        const type = placeholder ? (attr(placeholder, 'type') ?? 'body') : undefined;
        if (type && CHROME.has(type)) continue;
        const txBody = child(shape, 'txBody');
        if (!txBody) continue;
        if (type && TITLES.has(type) && !title) title = plainParagraphs(txBody);
        else body.push(textBodyHtml(txBody, type === 'body' || type === 'obj'));
      } else if (is(shape, 'graphicFrame')) {
        const table = findFirst(shape, 'tbl');
        if (table) body.push(tableHtml(table));
      }
    }
  };
  if (tree) walk(tree);
  return `<section><h2>Slide ${number}${title ? `: ${title}` : ''}</h2>${body.join('')}</section>`;
}

/** The title's paragraphs as one line of escaped text. */
function plainParagraphs(txBody: Element): string {
  return children(txBody, 'p')
    .map((p) => runsHtml(p, false))
    .filter((t) => t !== '')
    .join(' ');
}

function textBodyHtml(txBody: Element, bulletedByDefault: boolean): string {
  const out: string[] = [];
  let list: ListParagraph[] = [];
  const flush = () => {
    if (list.length) out.push(nestedList(list));
    list = [];
  };
  for (const p of children(txBody, 'p')) {
    const html = runsHtml(p, true);
    if (!html) continue;
    const props = child(p, 'pPr');
    const has = (name: string) => props !== undefined && child(props, name) !== undefined;
    const numbered = has('buAutoNum');
    if (!has('buNone') && (numbered || has('buChar') || bulletedByDefault)) {
      list.push({ level: Number(props && attr(props, 'lvl')) || 0, ordered: numbered, html });
    } else {
      flush();
      out.push(`<p>${html}</p>`);
    }
  }
  flush();
  return out.join('');
}

function runsHtml(p: Element, formatted: boolean): string {
  let html = '';
  for (const node of children(p)) {
    if (is(node, 'br')) html += formatted ? '<br>' : ' ';
    else if (is(node, 'r') || is(node, 'fld')) {
      const t = child(node, 't');
      if (!t) continue;
      let text = escapeHtml(textOf(t));
      const rPr = child(node, 'rPr');
      if (formatted && rPr && text.trim()) {
        if (attr(rPr, 'i') === '1') text = `<em>${text}</em>`;
        if (attr(rPr, 'b') === '1') text = `<strong>${text}</strong>`;
      }
      html += text;
    }
  }
  return html.trim();
}

/** Flat paragraphs with outline levels → nested `<ul>`/`<ol>`. */
function nestedList(items: readonly ListParagraph[]): string {
  let html = '';
  const open: ('ul' | 'ol')[] = [];
  for (const item of items) {
    const depth = Math.min(item.level + 1, open.length + 1);
    while (open.length > depth) html += `</li></${open.pop()}>`;
    if (open.length === depth) html += '</li>';
    else {
      const tag = item.ordered ? 'ol' : 'ul';
      open.push(tag);
      html += `<${tag}>`;
    }
    html += `<li>${item.html}`;
  }
  while (open.length) html += `</li></${open.pop()}>`;
  return html;
}

function tableHtml(table: Element): string {
  const rows = children(table, 'tr').map((tr) =>
    children(tr, 'tc').map((tc) => {
      // Cells covered by a merge repeat nothing useful.
      if (attr(tc, 'hMerge') === '1' || attr(tc, 'vMerge') === '1') return '';
      const txBody = child(tc, 'txBody');
      return txBody
        ? children(txBody, 'p')
            .map((p) => runsHtml(p, true))
            .filter((t) => t !== '')
            .join('<br>')
        : '';
    }),
  );
  return htmlTable(rows);
}
