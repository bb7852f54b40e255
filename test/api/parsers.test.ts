import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parserList } from '../../src/api/parsers.js';
import { accept, assertIssue, reject } from './issues.js';

describe('parsers (§2.4)', () => {
  test('strings become objects with the pdf defaults', () => {
    assert.deepEqual(accept(parserList, ['pdf', 'image']), [
      { type: 'pdf', mode: 'auto', blocks: false, pageMarkers: false, pages: false },
      { type: 'image' },
    ]);
  });

  test('pdf options are kept and pageMarkdown is folded into pages', () => {
    assert.deepEqual(accept(parserList, [{ type: 'pdf', mode: 'ocr', maxPages: 3, pageMarkdown: true, blocks: true }]), [
      { type: 'pdf', mode: 'ocr', maxPages: 3, blocks: true, pageMarkers: false, pages: true },
    ]);
    assert.deepEqual(accept(parserList, [{ type: 'pdf', pages: false, pageMarkdown: true }])[0], {
      type: 'pdf',
      mode: 'auto',
      blocks: false,
      pageMarkers: false,
      pages: false,
    });
  });

  test('an empty list disables parsing', () => {
    assert.deepEqual(accept(parserList, []), []);
  });

  test('bad values are refused', () => {
    assertIssue(parserList, ['docx'], '0', 'Unknown parser "docx". Expected "pdf" or "image"');
    assert.ok(reject(parserList, [{ type: 'pdf', maxPages: 10001 }]).has('0'));
    assert.ok(reject(parserList, [{ type: 'pdf', mode: 'magic' }]).has('0'));
  });
});
