import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import JSZip from 'jszip';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { makeDocx, SAMPLE_BLOCKS } from '../../fixtures/documents/index.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let docx: Buffer;

before(async () => {
  docx = await makeDocx({ title: 'Quarterly <Report>' });
});

describe('DOCX', () => {
  it('keeps headings, emphasis, nested lists and tables in the HTML', async () => {
    const r = await parseDocument({ bytes: docx, contentType: DOCX_TYPE, parsers: ['pdf'] });
    const html = r.html ?? '';
    assert.equal(r.kind, 'docx');
    assert.equal(r.markdown, undefined);
    assert.ok(html.includes('<h1>Annual Report</h1>'));
    assert.ok(html.includes('<h2>Café Results</h2>'));
    assert.ok(html.includes('<p>This report has <strong>bold words</strong> and <em>italic words</em> in one paragraph.</p>'));
    assert.ok(html.includes('<li>Second point<ul><li>Nested point A</li><li>Nested point B</li></ul></li>'));
    assert.ok(html.includes('<ol><li>Step one</li><li>Step two</li></ol>'));
    assert.match(html, /<table>.*<td><p>Apples<\/p><\/td><td><p>12<\/p><\/td>.*<\/table>/);
    assert.ok(html.includes('Crème brûlée sold well in Zürich: 1.234 € per day'));
  });

  it('takes the title from the core properties into the result and the HTML head', async () => {
    const r = await parseDocument({ bytes: docx, contentType: DOCX_TYPE, parsers: ['pdf'] });
    assert.equal(r.title, 'Quarterly <Report>');
    assert.ok(r.html?.includes('<title>Quarterly &lt;Report&gt;</title>'));
    assert.equal(r.numPages, undefined);
  });

  it('is recognised by the package content when the type and name say nothing', async () => {
    const r = await parseDocument({ bytes: docx, contentType: 'application/octet-stream', parsers: [] });
    assert.equal(r.kind, 'docx');
    assert.ok(r.html?.includes('<h1>Annual Report</h1>'));
  });

  it('reports a package without a document part as corrupt', async () => {
    const zip = new JSZip();
    zip.file('word/styles.xml', '<w:styles/>');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    await assert.rejects(parseDocument({ bytes, parsers: ['pdf'] }), (err) => isDocumentError(err) && err.code === 'corrupt' && /DOCX/.test(err.message));
  });

  it('reports a truncated download as corrupt', async () => {
    const bytes = docx.subarray(0, docx.length - 200);
    await assert.rejects(
      parseDocument({ bytes, contentType: DOCX_TYPE, parsers: ['pdf'] }),
      (err) => isDocumentError(err) && err.code === 'corrupt',
    );
  });

  it('parses in reasonable time', async (t) => {
    const big = await makeDocx({ blocks: Array.from({ length: 50 }, () => SAMPLE_BLOCKS).flat() });
    for (const [label, bytes] of [['sample', docx], ['50 × sample', big]] as const) {
      await parseDocument({ bytes, parsers: ['pdf'] }); // mammoth is loaded after the first
      const started = performance.now();
      await parseDocument({ bytes, parsers: ['pdf'] });
      const ms = performance.now() - started;
      t.diagnostic(`DOCX ${label} (${bytes.length} bytes): ${ms.toFixed(1)} ms`);
      assert.ok(ms < 5_000);
    }
  });
});
