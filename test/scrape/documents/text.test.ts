import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeText } from '../../../src/scrape/documents/decode.js';
import { parseDocument } from '../../../src/scrape/documents/index.js';
import { SAMPLE_JSON, SAMPLE_MARKDOWN, SAMPLE_TEXT } from '../../fixtures/documents/index.js';

const parse = (body: string | Buffer, contentType?: string, filename?: string) =>
  parseDocument({ bytes: typeof body === 'string' ? Buffer.from(body) : body, contentType, filename, parsers: ['pdf'] });

describe('plain text and markdown', () => {
  it('returns plain text as it is, with line ends normalised', async () => {
    const r = await parse(SAMPLE_TEXT, 'text/plain');
    assert.equal(r.kind, 'text');
    assert.equal(r.markdown, 'Plain notes\n# not a heading, just a hash\n2 * 3 = 6\n');
  });

  it('returns markdown files as they are', async () => {
    for (const [type, name] of [['text/markdown', undefined], ['text/plain', 'README.md'], ['application/octet-stream', 'notes.markdown']]) {
      const r = await parse(SAMPLE_MARKDOWN, type, name);
      assert.equal(r.kind, 'markdown');
      assert.equal(r.markdown, SAMPLE_MARKDOWN);
    }
  });

  it('decodes a declared charset and strips a byte-order mark', async () => {
    assert.equal((await parse(Buffer.from('caf\xe9', 'latin1'), 'text/plain; charset=ISO-8859-1')).markdown, 'café');
    assert.equal((await parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hé')]), 'text/plain')).markdown, 'hé');
  });
});

describe('JSON', () => {
  it('pretty-prints into a fenced block longer than any backtick run inside', async () => {
    const r = await parse(SAMPLE_JSON, 'application/json');
    assert.equal(r.kind, 'json');
    assert.equal(
      r.markdown,
      '````json\n{\n  "id": 12345678901234567890,\n  "ratio": 1.0,\n  "tags": [\n    "a",\n    "b"\n  ],\n  "nested": {\n    "empty": {},\n    "list": []\n  },\n  "text": "line\\nbreak ```"\n}\n````',
    );
  });

  it('keeps numbers exactly as written (no rounding of big ids)', async () => {
    const r = await parse('[9007199254740993, 1e3, -0.50]', 'application/json');
    assert.equal(r.markdown, '```json\n[\n  9007199254740993,\n  1e3,\n  -0.50\n]\n```');
  });

  it('is recognised from +json types and from the content itself', async () => {
    assert.equal((await parse('{"a":1}', 'application/ld+json')).kind, 'json');
    assert.equal((await parse('{"a":1}', 'application/octet-stream')).kind, 'json');
    assert.equal((await parse('{"a":1}')).kind, 'json');
  });

  it('shows invalid JSON unchanged, with a warning', async () => {
    const r = await parse('callback({"a":1})', 'application/json');
    assert.equal(r.markdown, '```json\ncallback({"a":1})\n```');
    assert.equal(r.warnings.length, 1);
  });
});

describe('HTML files', () => {
  it('pass through as HTML for the transform', async () => {
    const html = '<!DOCTYPE html><html><head><title>T</title></head><body><p>Hi</p></body></html>';
    const r = await parse(html, 'application/octet-stream', 'page.htm');
    assert.deepEqual(r, { kind: 'html', mimeType: 'text/html', html, warnings: [] });
  });

  it('honour a meta charset when the type has none', async () => {
    const bytes = Buffer.from('<html><head><meta charset="windows-1252"></head><body>\x80 f\xfcr</body></html>', 'latin1');
    assert.ok((await parse(bytes, 'text/html')).html?.includes('€ für'));
  });
});

describe('decodeText', () => {
  it('prefers a BOM over any declaration', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]);
    assert.equal(decodeText(utf16, 'text/plain; charset=iso-8859-1'), 'hé');
  });

  it('falls back to windows-1252 for bytes that are not UTF-8', () => {
    assert.equal(decodeText(Buffer.from('\x93quoted\x94', 'latin1')), '“quoted”');
  });

  it('ignores an unknown charset label', () => {
    assert.equal(decodeText(Buffer.from('hé'), 'text/plain; charset=x-nonsense'), 'hé');
  });
});
