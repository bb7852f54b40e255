import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { SAMPLE_RTF } from '../../fixtures/documents/index.js';

const parse = (rtf: string, contentType?: string) => parseDocument({ bytes: Buffer.from(rtf, 'latin1'), contentType, parsers: ['pdf'] });

describe('RTF', () => {
  it('reads paragraphs, emphasis, escapes and tables, and the title from \\info', async () => {
    const r = await parse(SAMPLE_RTF, 'application/octet-stream');
    assert.equal(r.kind, 'rtf');
    assert.equal(r.title, 'Rich Text Sample');
    assert.ok(
      r.html?.includes(
        '<body><p>Plain paragraph with <strong>bold</strong> and <em>italic</em> text.</p><p>Accents: café, € euro, literal {brace}.</p><table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>Alpha</td><td>1</td></tr></tbody></table><p>After the table.</p></body>',
      ),
    );
  });

  it('skips font tables, metadata and ignorable destinations', async () => {
    const html = (await parse(SAMPLE_RTF)).html ?? '';
    for (const hidden of ['Times New Roman', 'Someone', 'Hand 1.0']) assert.ok(!html.includes(hidden), hidden);
  });

  it('decodes the declared code page, multi-byte ones included, and negative \\u values', async () => {
    const r = await parse('{\\rtf1\\ansi\\ansicpg932 \\\'82\\\'a0 and \\u-3913? here\\par}');
    assert.ok(r.html?.includes('<p>あ and \uf0b7 here</p>'));
  });

  it('shows field results, not field instructions', async () => {
    const r = await parse('{\\rtf1 See {\\field{\\*\\fldinst HYPERLINK "https://example.com"}{\\fldrslt the site}}.\\par}');
    assert.ok(r.html?.includes('<p>See the site.</p>'));
  });

  it('reports a file claiming to be RTF without the header as corrupt', async () => {
    await assert.rejects(parse('hello', 'application/rtf'), (err) => isDocumentError(err) && err.code === 'corrupt');
  });
});
