import { decodeText } from './decode.js';
import { MIME_TYPES } from './detect.js';
import { htmlDocument, htmlTable, textToHtml } from './markup.js';
import type { DocumentResult } from './result.js';

const CANDIDATES = [',', ';', '\t', '|'] as const;
const SNIFF_CHARS = 64 * 1024;
const SNIFF_ROWS = 20;

/** CSV/TSV → one HTML table, the first row as its header. */
export function parseCsv(bytes: Uint8Array, contentType?: string): DocumentResult {
  const text = decodeText(bytes, contentType);
  const delimiter = sniffDelimiter(text);
  const { rows, unterminated } = parseDelimited(text, delimiter);
  const warnings = unterminated ? ['The file ends inside a quoted field; the last field was closed at the end of the file'] : [];
  const html = htmlDocument(htmlTable(rows.map((row) => row.map(textToHtml))));
  return { kind: 'csv', mimeType: MIME_TYPES.csv, html, warnings };
}

/**
 * The delimiter that splits the first rows into the same number of fields (more than
 * one) wins; among those, the one giving most fields. Quotes are honoured, so a comma
 * inside a quoted field of a semicolon file does not mislead.
 */
export function sniffDelimiter(text: string): string {
  const sample = text.slice(0, SNIFF_CHARS);
  let best: { delimiter: string; fields: number; consistent: boolean } = { delimiter: ',', fields: 1, consistent: false };
  for (const delimiter of CANDIDATES) {
    const rows = parseDelimited(sample, delimiter, SNIFF_ROWS + 1).rows;
    // The last sampled row may be cut off by the sample window.
    const complete = rows.length > 1 && sample.length === SNIFF_CHARS ? rows.slice(0, -1) : rows;
    const counts = complete.map((r) => r.length);
    const fields = Math.max(0, ...counts);
    const consistent = fields > 1 && counts.every((n) => n === fields);
    if ((consistent && !best.consistent) || (consistent === best.consistent && fields > best.fields)) {
      best = { delimiter, fields, consistent };
    }
  }
  return best.delimiter;
}

/** RFC 4180, leniently: stray quotes inside unquoted fields are kept as text, blank lines are skipped. */
export function parseDelimited(text: string, delimiter: string, maxRows = Infinity): { rows: string[][]; unterminated: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length && rows.length < maxRows) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      i++;
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  const unterminated = quoted;
  if ((field !== '' || row.length > 0 || quoted) && rows.length < maxRows) endRow();
  return { rows, unterminated };
}
