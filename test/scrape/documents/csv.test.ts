import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDelimited, sniffDelimiter } from '../../../src/scrape/documents/csv.js';
import { parseDocument } from '../../../src/scrape/documents/index.js';
import { SAMPLE_CSV, SAMPLE_SEMICOLON_CSV, SAMPLE_TSV } from '../../fixtures/documents/index.js';

const parse = (text: string, contentType?: string, filename?: string) =>
  parseDocument({ bytes: Buffer.from(text), contentType, filename, parsers: ['pdf'] });

describe('CSV', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks inside', () => {
    assert.deepEqual(parseDelimited(SAMPLE_CSV, ',').rows, [
      ['name', 'city', 'note'],
      ['Smith, Jane', 'Zürich', 'said "hi"'],
      ['Bob', 'New\nYork', 'plain'],
    ]);
  });

  it('skips blank lines and keeps empty fields', () => {
    assert.deepEqual(parseDelimited('a,,c\n\n,b,\r\r\n', ',').rows, [
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('closes a quoted field left open at the end of the file, and says so', async () => {
    assert.deepEqual(parseDelimited('a,"b\nc', ','), { rows: [['a', 'b\nc']], unterminated: true });
    const r = await parse('a,"b\nc', 'text/csv');
    assert.equal(r.warnings.length, 1);
  });

  it('sniffs the delimiter, honouring quotes', () => {
    assert.equal(sniffDelimiter(SAMPLE_CSV), ',');
    assert.equal(sniffDelimiter(SAMPLE_SEMICOLON_CSV), ';');
    assert.equal(sniffDelimiter(SAMPLE_TSV), '\t');
    assert.equal(sniffDelimiter('a|b|c\n1|2|3\n'), '|');
    assert.equal(sniffDelimiter('just one column\nof text\n'), ',');
  });

  it('renders one table with the first row as header and line breaks kept', async () => {
    const r = await parse(SAMPLE_CSV, 'text/csv; charset=utf-8');
    assert.equal(r.kind, 'csv');
    assert.ok(
      r.html?.includes(
        '<table><thead><tr><th>name</th><th>city</th><th>note</th></tr></thead><tbody><tr><td>Smith, Jane</td><td>Zürich</td><td>said &quot;hi&quot;</td></tr><tr><td>Bob</td><td>New<br>York</td><td>plain</td></tr></tbody></table>',
      ),
    );
  });

  it('pads ragged rows to the widest', async () => {
    const r = await parse('a,b,c\n1\n', 'text/csv');
    assert.ok(r.html?.includes('<tr><td>1</td><td></td><td></td></tr>'));
  });

  it('is chosen by extension behind a generic or plain-text type', async () => {
    assert.equal((await parse(SAMPLE_SEMICOLON_CSV, 'application/octet-stream', 'prices.csv')).kind, 'csv');
    assert.equal((await parse(SAMPLE_TSV, 'text/plain', 'https://example.com/raw/data.tsv?token=1')).kind, 'csv');
  });

  it('decodes legacy Excel exports in windows-1252', async () => {
    const r = await parseDocument({ bytes: Buffer.from('Name;Stadt\nJörg;Köln\n', 'latin1'), contentType: 'text/csv', parsers: [] });
    assert.ok(r.html?.includes('<td>Jörg</td><td>Köln</td>'));
  });
});
