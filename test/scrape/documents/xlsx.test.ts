import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { makeXlsx } from '../../fixtures/documents/index.js';

const parse = (bytes: Buffer, contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') =>
  parseDocument({ bytes, contentType, parsers: ['pdf'] });

describe('XLSX', () => {
  it('renders every sheet as a table under its name', async () => {
    const r = await parse(await makeXlsx({ title: 'Book' }));
    const html = r.html ?? '';
    assert.equal(r.kind, 'xlsx');
    assert.equal(r.title, 'Book');
    assert.ok(html.indexOf('<h2>Sales</h2><table>') < html.indexOf('<h2>Übersicht</h2><table>'));
    assert.ok(html.includes('<thead><tr><th>Product</th><th>Units</th><th>Price</th><th>Total</th><th>Shipped</th></tr></thead>'));
    assert.ok(html.includes('<td>Größe &amp; &lt;Maß&gt;</td>'));
  });

  it('shows dates as ISO dates and formulas as their results', async () => {
    const html = (await parse(await makeXlsx())).html ?? '';
    assert.ok(html.includes('<tr><td>Apples</td><td>12</td><td>3.5</td><td>42</td><td>2024-01-15</td></tr>'));
    assert.ok(html.includes('<td>29.4</td><td>2024-02-29T13:30:00</td>'));
    assert.ok(html.includes('<tr><td>Sum</td><td>71.4</td></tr>'));
    assert.ok(!html.includes('SUM('));
  });

  it('shows a formula without a saved result as the formula, with a warning', async () => {
    const r = await parse(await makeXlsx({ sheets: [{ name: 'S', rows: [[1, 2, { formula: 'A1+B1' }]] }] }));
    assert.ok(r.html?.includes('<th>=A1+B1</th>'));
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0] ?? '', /1 formula cell/);
  });

  it('drops the empty margin around the data, blank rows and the covered cells of merges', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sparse');
    sheet.getCell('C3').value = 'Merged title';
    sheet.mergeCells('C3:D3');
    sheet.getCell('C5').value = 'a';
    sheet.getCell('D5').value = 'b';
    workbook.addWorksheet('Nothing');
    const r = await parse(Buffer.from(await workbook.xlsx.writeBuffer()));
    assert.ok(r.html?.includes('<table><thead><tr><th>Merged title</th><th></th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>'));
    assert.ok(r.html?.includes('<h2>Nothing</h2><p>(empty sheet)</p>'));
  });

  it('is recognised by the package content behind a generic type', async () => {
    assert.equal((await parse(await makeXlsx(), 'application/octet-stream')).kind, 'xlsx');
  });

  it('reports a damaged workbook as corrupt', async () => {
    const bytes = await makeXlsx();
    // Same directory, scrambled compressed data.
    const broken = Buffer.from(bytes);
    for (let i = 100; i < broken.length - 400; i += 7) broken[i] = (broken[i] ?? 0) ^ 0x5a;
    await assert.rejects(parse(broken), (err) => isDocumentError(err) && err.code === 'corrupt');
  });
});
