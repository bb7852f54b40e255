import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutPages, type PdfTextRun } from '../../../src/scrape/documents/pdf-layout.js';

/** A line of text at (x, y), one run per word like many PDF producers write them. */
function line(text: string, y: number, { x = 72, size = 11 } = {}): PdfTextRun[] {
  let cursor = x;
  return text.split(' ').map((word, i, words) => {
    const width = word.length * size * 0.5;
    const run = { text: word, x: cursor, y, width, fontSize: size, endOfLine: i === words.length - 1 };
    cursor += width + size * 0.28;
    return run;
  });
}

describe('PDF layout', () => {
  it('puts positioned words back into lines and lines into paragraphs', () => {
    const [md] = layoutPages([[...line('First line of the', 700), ...line('first paragraph.', 685), ...line('Second paragraph.', 660)]]);
    assert.equal(md, 'First line of the first paragraph.\n\nSecond paragraph.');
  });

  it('ranks heading sizes across the document', () => {
    const pages = layoutPages([
      [...line('Title', 780, { size: 24 }), ...line('Body text here.', 740), ...line('Section', 700, { size: 16 })],
      [...line('Another Section', 780, { size: 16 }), ...line('More body.', 740)],
    ]);
    assert.deepEqual(pages, ['# Title\n\nBody text here.\n\n## Section', '## Another Section\n\nMore body.']);
  });

  it('does not take a large single letter (a drop cap) for a heading', () => {
    const [md] = layoutPages([[...line('O', 700, { size: 30 }), ...line('nce upon a time.', 690)]]);
    assert.ok(!md?.startsWith('#'));
  });

  it('joins words hyphenated at a line break, but not real compounds before a capital', () => {
    const [md] = layoutPages([[...line('an inter-', 700), ...line('national well-', 686), ...line('Known thing.', 672)]]);
    assert.equal(md, 'an international well- Known thing.');
  });

  it('starts a paragraph at a first-line indent after a finished sentence', () => {
    const [md] = layoutPages([
      [...line('The end of one.', 700), ...line('Indented start', 686, { x: 90 }), ...line('of the next.', 672)],
    ]);
    assert.equal(md, 'The end of one.\n\nIndented start of the next.');
  });

  it('keeps a wrapped list item together even after a full stop', () => {
    const [md] = layoutPages([[...line('• One sentence.', 700), ...line('Another in the same item.', 686, { x: 84 }), ...line('• two', 672)]]);
    assert.equal(md, '- One sentence. Another in the same item.\n- two');
  });

  it('makes lists from bullet glyphs and numbers, nesting by indent', () => {
    const [md] = layoutPages([
      [
        ...line('• one', 700),
        ...line('• two that wraps', 686),
        ...line('onto a second line', 672, { x: 84 }),
        ...line('◦ nested', 658, { x: 90 }),
        ...line('• three', 644),
        ...line('1. first', 610),
        ...line('2. second', 596),
      ],
    ]);
    assert.equal(md, '- one\n- two that wraps onto a second line\n  - nested\n- three\n\n1. first\n2. second');
  });

  it('removes control characters and expands ligatures', () => {
    const [md] = layoutPages([[{ text: 'e\u0000ﬃcient ﬁsh\u0007', x: 72, y: 700, width: 60, fontSize: 11, endOfLine: true }]]);
    assert.equal(md, 'efficient fish');
  });

  it('escapes text that would read as markdown syntax', () => {
    const [md] = layoutPages([[...line('# not a heading', 700), ...line('> not a quote', 660)]]);
    assert.equal(md, '\\# not a heading\n\n\\> not a quote');
  });

  it('inserts a space where words are apart but not where glyphs touch', () => {
    const runs: PdfTextRun[] = [
      { text: 'Hel', x: 72, y: 700, width: 16.5, fontSize: 11, endOfLine: false },
      { text: 'lo', x: 88.5, y: 700, width: 11, fontSize: 11, endOfLine: false },
      { text: 'world', x: 103, y: 700, width: 27.5, fontSize: 11, endOfLine: true },
    ];
    assert.deepEqual(layoutPages([runs]), ['Hello world']);
  });

  it('gives an empty string for a page without text', () => {
    assert.deepEqual(layoutPages([[], [{ text: ' ', x: 0, y: 0, width: 3, fontSize: 11, endOfLine: true }]]), ['', '']);
  });
});
