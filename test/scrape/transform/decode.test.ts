import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeHtml } from '../../../src/scrape/transform/decode.js';

const ascii = (s: string) => Buffer.from(s, 'latin1');
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? ascii(p) : Buffer.from(p))));

describe('decodeHtml', () => {
  test('UTF-8 by default', () => {
    assert.equal(decodeHtml(Buffer.from('<p>Grüße, 日本</p>'), 'text/html'), '<p>Grüße, 日本</p>');
  });

  test('the charset of the Content-Type header', () => {
    assert.equal(decodeHtml(bytes('<p>', [0xe9, 0x80], '</p>'), 'text/html; charset="windows-1252"'), '<p>é€</p>');
    assert.equal(decodeHtml(bytes([0xc6, 0xfc, 0xcb, 0xdc]), 'text/html;charset=EUC-JP'), '日本');
  });

  test('windows-1252 maps 0x80–0x9F to its own characters, not to C1 controls', () => {
    const text = decodeHtml(bytes([0x80, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9c]), 'text/html; charset=windows-1252');
    assert.equal(text, '€…‘’“”–—™œ');
    assert.equal(decodeHtml(bytes([0x93, 0x94]), 'text/html; charset=iso-8859-1'), '“”', 'latin1 is windows-1252 on the web');
  });

  test('a <meta charset> or http-equiv declaration when the header has none', () => {
    assert.equal(decodeHtml(bytes('<meta charset="shift_jis"><p>', [0x93, 0xfa, 0x96, 0x7b]), 'text/html'), '<meta charset="shift_jis"><p>日本');
    const declared = '<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><p>';
    assert.equal(decodeHtml(bytes(declared, [0xd6, 0xd0, 0xce, 0xc4]), null), `${declared}中文`);
    assert.equal(decodeHtml(bytes("<META CHARSET='euc-kr'>", [0xc7, 0xd1]), undefined), "<META CHARSET='euc-kr'>한");
    assert.equal(decodeHtml(bytes('<meta charset=iso-8859-2>', [0xb1]), 'text/html'), '<meta charset=iso-8859-2>ą');
  });

  test('the XML declaration of an XHTML page', () => {
    assert.equal(decodeHtml(bytes('<?xml version="1.0" encoding="ISO-8859-15"?><p>', [0xa4]), 'application/xhtml+xml'), '<?xml version="1.0" encoding="ISO-8859-15"?><p>€');
  });

  test('a declaration found past large inline scripts in <head>', () => {
    const head = `<head><script>${'x=1;'.repeat(1000)}</script><meta charset="windows-1252">`;
    assert.ok(decodeHtml(bytes(head, [0x80]), 'text/html').endsWith('€'));
  });

  test('the header wins over the document; a byte-order mark wins over both', () => {
    assert.equal(decodeHtml(bytes('<meta charset="shift_jis">', [0xc3, 0xa9]), 'text/html; charset=utf-8'), '<meta charset="shift_jis">é');
    assert.equal(decodeHtml(bytes([0xef, 0xbb, 0xbf], 'ok ', [0xc3, 0xa9]), 'text/html; charset=windows-1252'), 'ok é');
    assert.equal(decodeHtml(Buffer.from('\ufeffhé', 'utf16le'), 'text/html; charset=utf-8'), 'hé');
  });

  test('an unknown label is ignored; a document claiming UTF-16 is read as UTF-8', () => {
    assert.equal(decodeHtml(bytes('<p>', [0xc3, 0xa9]), 'text/html; charset=no-such-charset'), '<p>é');
    assert.equal(decodeHtml(bytes('<meta charset="utf-16"><p>', [0xc3, 0xa9]), 'text/html'), '<meta charset="utf-16"><p>é');
  });

  test('an undeclared page that is not valid UTF-8 is read as windows-1252', () => {
    assert.equal(decodeHtml(bytes('<p>caf', [0xe9], ' ', [0x80], '</p>'), 'text/html'), '<p>café €</p>');
  });
});
