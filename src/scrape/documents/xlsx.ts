import ExcelJS from 'exceljs';
import { MIME_TYPES } from './detect.js';
import { corrupt } from './errors.js';
import { escapeHtml, htmlDocument, htmlTable, textToHtml } from './markup.js';
import type { DocumentResult } from './result.js';
import { assertZipPackage } from './zip.js';

type Cell = ExcelJS.Cell;
type Value = ExcelJS.CellValue;

/** XLSX → HTML: every worksheet as a table under a heading with its name. */
export async function parseXlsx(bytes: Uint8Array, signal?: AbortSignal): Promise<DocumentResult> {
  assertZipPackage(bytes, 'XLSX');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (err) {
    throw corrupt('XLSX', err);
  }
  const uncalculated = { count: 0 };
  const sections: string[] = [];
  for (const sheet of workbook.worksheets) {
    signal?.throwIfAborted();
    const rows = sheetRows(sheet, uncalculated);
    sections.push(`<h2>${escapeHtml(sheet.name)}</h2>${rows.length ? htmlTable(rows) : '<p>(empty sheet)</p>'}`);
  }
  const warnings = uncalculated.count
    ? [`${uncalculated.count} formula cell(s) had no saved result and are shown as formulas (the file was never calculated)`]
    : [];
  const title = workbook.title?.trim() || undefined;
  const result: DocumentResult = { kind: 'xlsx', mimeType: MIME_TYPES.xlsx, html: htmlDocument(sections.join(''), title), warnings };
  if (title) result.title = title;
  return result;
}

/** The sheet's used range, without blank rows and without the empty margin around the data. */
function sheetRows(sheet: ExcelJS.Worksheet, uncalculated: { count: number }): string[][] {
  const rows: Map<number, string>[] = [];
  let first = Infinity;
  let last = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = new Map<number, string>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const html = cellHtml(cell, uncalculated);
      if (html === '') return;
      cells.set(column, html);
      first = Math.min(first, column);
      last = Math.max(last, column);
    });
    if (cells.size) rows.push(cells);
  });
  return rows.map((cells) => Array.from({ length: last - first + 1 }, (_, i) => cells.get(first + i) ?? ''));
}

function cellHtml(cell: Cell, uncalculated: { count: number }): string {
  // The covered cells of a merge repeat the top-left value; once is enough.
  if (cell.isMerged && cell.master.address !== cell.address) return '';
  return valueHtml(cell.value, uncalculated);
}

function valueHtml(value: Value, uncalculated: { count: number }): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'string') return textToHtml(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).toUpperCase();
  if ('richText' in value) return textToHtml(value.richText.map((r) => r.text).join(''));
  if ('hyperlink' in value) {
    const text = textToHtml(plainText(value.text));
    return /^(https?:|mailto:)/i.test(value.hyperlink) ? `<a href="${escapeHtml(value.hyperlink)}">${text}</a>` : text;
  }
  if ('error' in value) return escapeHtml(value.error);
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result !== undefined) return valueHtml(value.result, uncalculated);
    uncalculated.count++;
    return escapeHtml(`=${value.formula ?? ('sharedFormula' in value ? value.sharedFormula : '')}`);
  }
  return '';
}

/** exceljs nests rich text inside hyperlink cells; the type says string. */
function plainText(text: unknown): string {
  if (typeof text === 'string') return text;
  if (text && typeof text === 'object' && 'richText' in text && Array.isArray(text.richText)) {
    return text.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('');
  }
  return String(text ?? '');
}

/**
 * Spreadsheet dates have no time zone; exceljs hands them over as UTC. A date without a
 * time of day is shown as a date only, and no "Z" pretends to know the zone.
 */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace(/(\.000)?Z$/, '');
}
