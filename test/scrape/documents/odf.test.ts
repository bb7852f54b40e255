import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { makeOdp, makeOds, makeOdt } from '../../fixtures/documents/index.js';

const parse = (bytes: Buffer) => parseDocument({ bytes, contentType: 'application/octet-stream', parsers: ['pdf'] });

describe('OpenDocument', () => {
  it('ODT: headings, emphasis, nested and numbered lists, tables', async () => {
    const r = await parse(await makeOdt({ title: 'Writer file' }));
    const html = r.html ?? '';
    assert.equal(r.kind, 'odt');
    assert.equal(r.title, 'Writer file');
    assert.ok(html.includes('<h1>Annual Report</h1><p>This report has <strong>bold words</strong> and <em>italic words</em> in one paragraph.</p><h2>Café Results</h2>'));
    assert.ok(html.includes('<ul><li>First point</li><li>Second point<ul><li>Nested point A</li><li>Nested point B</li></ul></li><li>Third point</li></ul>'));
    assert.ok(html.includes('<ol><li>Step one</li><li>Step two</li></ol>'));
    assert.ok(html.includes('<thead><tr><th>Product</th><th>Units</th><th>Price</th></tr></thead><tbody><tr><td>Apples</td><td>12</td><td>3.50</td></tr>'));
  });

  it('ODS: sheets as tables, ISO dates, formula results, no padding from repeated empty cells', async () => {
    const r = await parse(await makeOds());
    const html = r.html ?? '';
    assert.equal(r.kind, 'ods');
    assert.ok(html.includes('<h2>Sales</h2><table><thead><tr><th>Product</th><th>Units</th><th>Price</th><th>Total</th><th>Shipped</th></tr></thead>'));
    assert.ok(html.includes('<tr><td>Apples</td><td>12</td><td>3.5</td><td>42</td><td>2024-01-15</td></tr>'));
    assert.ok(html.includes('<h2>Notes</h2><table><thead><tr><th>Größe &amp; &lt;Maß&gt;</th></tr></thead></table>'));
    assert.ok(html.length < 2000, `no thousands of empty cells (${html.length} chars)`);
  });

  it('ODP: slides with titles, lists and tables, without page numbers', async () => {
    const html = (await parse(await makeOdp())).html ?? '';
    assert.ok(html.includes('<section><h2>Slide 1: Quarterly Review</h2><p>Presented by the <strong>finance</strong> team</p></section>'));
    assert.ok(html.includes('<h2>Slide 2: Highlights</h2><ul><li>Revenue up 12 %</li><li>New markets<ul><li>Österreich</li><li>Schweiz</li></ul></li>'));
    assert.ok(html.includes('<h2>Slide 3: Numbers</h2><table>'));
    assert.doesNotMatch(html, /<p>\d<\/p>/);
  });

  it('keeps spaces, tabs and line breaks, and skips tracked deletions and comments', async () => {
    const bytes = await makeOdt();
    const zip = await JSZip.loadAsync(bytes);
    const content = (await zip.file('content.xml')?.async('string')) ?? '';
    zip.file(
      'content.xml',
      content.replace(
        '<office:text>',
        '<office:text><text:tracked-changes><text:changed-region><text:deletion><text:p>deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes><text:p>a<text:s text:c="3"/>b<text:tab/>c<text:line-break/>d<office:annotation><text:p>a comment</text:p></office:annotation></text:p>',
      ),
    );
    const html = (await parse(await zip.generateAsync({ type: 'nodebuffer' }))).html ?? '';
    assert.ok(html.includes('<p>a   b c<br>d</p>'));
    assert.ok(!html.includes('deleted words'));
    assert.ok(!html.includes('a comment'));
  });

  it('reports a package without content.xml as corrupt', async () => {
    const zip = new JSZip();
    zip.file('mimetype', 'application/vnd.oasis.opendocument.text', { compression: 'STORE' });
    await assert.rejects(parse(await zip.generateAsync({ type: 'nodebuffer' })), (err) => isDocumentError(err) && err.code === 'corrupt');
  });
});
