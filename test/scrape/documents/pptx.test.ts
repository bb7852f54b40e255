import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { makePptx } from '../../fixtures/documents/index.js';

describe('PPTX', () => {
  it('renders slide by slide: titles, text boxes, nested bullets with emphasis, tables', async () => {
    const r = await parseDocument({ bytes: await makePptx({ title: 'Deck' }), parsers: ['pdf'] });
    const html = r.html ?? '';
    assert.equal(r.kind, 'pptx');
    assert.equal(r.title, 'Deck');
    assert.ok(html.includes('<section><h2>Slide 1: Quarterly Review</h2><p>Presented by the <strong>finance</strong> team</p></section>'));
    assert.ok(
      html.includes('<h2>Slide 2: Highlights</h2><ul><li>Revenue up 12 %</li><li>New markets<ul><li>Österreich</li><li>Schweiz</li></ul></li><li>Costs <em>flat</em></li></ul>'),
    );
    assert.ok(html.includes('<h2>Slide 3: Numbers</h2><table><thead><tr><th>Region</th><th>Revenue</th></tr></thead>'));
  });

  it('leaves out slide numbers, footers and dates', async () => {
    const r = await parseDocument({ bytes: await makePptx(), parsers: ['pdf'] });
    assert.ok(!r.html?.includes('‹#›'));
  });

  it('follows the presentation\u2019s slide order, not file names', async () => {
    const bytes = await makePptx({ slides: [{ title: 'Alpha' }, { title: 'Beta' }] });
    const zip = await JSZip.loadAsync(bytes);
    const presentation = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
    const swapped = presentation.replace('<p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId4"/>', '<p:sldId id="257" r:id="rId4"/><p:sldId id="256" r:id="rId3"/>');
    assert.notEqual(swapped, presentation);
    zip.file('ppt/presentation.xml', swapped);
    const r = await parseDocument({ bytes: await zip.generateAsync({ type: 'nodebuffer' }), parsers: ['pdf'] });
    assert.ok(r.html?.includes('<h2>Slide 1: Beta</h2></section><section><h2>Slide 2: Alpha</h2>'));
  });

  it('names a slide by number when it has no title', async () => {
    const r = await parseDocument({ bytes: await makePptx({ slides: [{ text: 'Only text' }] }), parsers: ['pdf'] });
    assert.ok(r.html?.includes('<section><h2>Slide 1</h2><p>Only text</p></section>'));
  });

  it('reports a package without a presentation part as corrupt', async () => {
    const zip = new JSZip();
    zip.file('ppt/slides/slide1.xml', '<p:sld/>');
    await assert.rejects(
      parseDocument({ bytes: await zip.generateAsync({ type: 'nodebuffer' }), parsers: ['pdf'] }),
      (err) => isDocumentError(err) && err.code === 'corrupt' && /PPTX/.test(err.message),
    );
  });
});
