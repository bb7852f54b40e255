import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type DocumentResult, isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { longPdfPages, makePdf, SAMPLE_BLOCKS } from '../../fixtures/documents/index.js';

const SECOND_PAGE = [
  { heading: 'Second Page', level: 1 as const },
  { paragraph: 'A word that is hyph-\nenated at a line break, and a sentence that continues.' },
];

let sample: Buffer;
let long: Buffer;

before(async () => {
  sample = await makePdf({ title: 'Sample Report ü', pages: [SAMPLE_BLOCKS, SECOND_PAGE, []] });
  long = await makePdf({ pages: longPdfPages(50) });
});

const parse = (bytes: Buffer, parser: object = {}, contentType = 'application/pdf') =>
  parseDocument({ bytes, contentType, parsers: [{ type: 'pdf', ...parser }] });

describe('PDF', () => {
  it('returns the text with headings, paragraphs and lists, in page order', async () => {
    const r = await parse(sample);
    const md = r.markdown ?? '';
    assert.equal(r.kind, 'pdf');
    assert.equal(r.html, undefined);
    assert.match(md, /^# Annual Report\n\nThis report has bold words and italic words in one paragraph\.\n\n## Café Results\n\n/);
    assert.ok(md.includes('Crème brûlée sold well in Zürich: 1.234 € per day, straße and façade included.'));
    assert.ok(md.includes('- First point\n- Second point\n  - Nested point A\n  - Nested point B\n- Third point'));
    assert.ok(md.includes('\n\n1. Step one\n2. Step two'));
    assert.ok(md.indexOf('## Outlook') < md.indexOf('# Second Page'));
    assert.ok(md.endsWith('A word that is hyphenated at a line break, and a sentence that continues.'));
    // Paragraphs stay apart and no control characters leak.
    assert.ok(md.includes('Next year looks good.\n\n# Second Page'));
    assert.doesNotMatch(md, /[\u0000-\u0008\u000b-\u001f]/);
  });

  it('takes the title from the metadata and counts pages', async () => {
    const r = await parse(sample);
    assert.equal(r.title, 'Sample Report ü');
    assert.equal(r.numPages, 3);
    assert.equal(r.totalPages, 3);
    assert.equal(r.pages, undefined);
  });

  it('warns, without failing, about a page with no text layer', async () => {
    const r = await parse(sample);
    assert.deepEqual(r.warnings, ['Page 3 has no embedded text (scanned?); OCR is not available on this server, so it is empty.']);
    assert.deepEqual((await parse(sample, { mode: 'fast' })).warnings, []);
  });

  it('answers mode "ocr" with the embedded text and a warning', async () => {
    const r = await parse(sample, { mode: 'ocr' });
    assert.ok(r.markdown?.includes('# Annual Report'));
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0] ?? '', /OCR is not available/);
  });

  it('gives layout blocks per page when asked: type, heading level, box, and where each sits in the markdown', async () => {
    const r = await parse(sample, { blocks: true, mode: 'fast' });
    assert.deepEqual(r.warnings, []);
    const md = r.markdown ?? '';
    const [first, second, third] = r.blocks ?? [];
    assert.deepEqual([first?.width, first?.height, first?.status, third?.status, third?.items], [595, 842, 'ok', 'empty', []]);
    const heading = first!.items[0]!;
    assert.deepEqual([heading.type, heading.label, heading.content, heading.readingOrder], ['heading', 'h1', 'Annual Report', 0]);
    assert.equal(md.slice(...heading.markdownSpan!), 'Annual Report');
    const [left, top, right, bottom] = heading.bbox!;
    assert.ok(left === 72 && top > 0 && top < bottom && bottom < 200 && right > left, `a box near the top-left: ${heading.bbox}`);
    assert.ok(first!.items.some((b) => b.type === 'list_item' && b.content === 'Nested point A'));
    assert.deepEqual(second!.items.map((b) => [b.type, b.label]), [['heading', 'h1'], ['paragraph', null]]);
    assert.equal((await parse(sample)).blocks, undefined, 'only when asked');
  });

  it('stops at maxPages and still reports the real page count', async () => {
    const r = await parse(long, { maxPages: 5 });
    assert.equal(r.numPages, 5);
    assert.equal(r.totalPages, 50);
    assert.ok(r.markdown?.includes('# Section 5'));
    assert.ok(!r.markdown?.includes('Section 6'));
  });

  it('maxPages above the page count parses everything', async () => {
    const r = await parse(sample, { maxPages: 10 });
    assert.equal(r.numPages, 3);
    assert.equal(r.totalPages, 3);
  });

  it('returns per-page markdown with pages (and its alias pageMarkdown)', async () => {
    for (const option of [{ pages: true }, { pageMarkdown: true }]) {
      const r = await parse(sample, option);
      assert.deepEqual(
        r.pages?.map((p) => p.pageNumber),
        [1, 2, 3],
      );
      assert.ok(r.pages?.[0]?.markdown.startsWith('# Annual Report'));
      assert.ok(r.pages?.[1]?.markdown.startsWith('# Second Page'));
      assert.equal(r.pages?.[2]?.markdown, '');
    }
  });

  it('joins pages with markers, none before page 1', async () => {
    const r = await parse(sample, { pageMarkers: true });
    const md = r.markdown ?? '';
    assert.ok(md.startsWith('# Annual Report'));
    assert.ok(!md.includes('<!-- page 1 -->'));
    assert.ok(md.includes('Next year looks good.\n\n---\n\n<!-- page 2 -->\n\n# Second Page'));
    assert.ok(md.endsWith('continues.\n\n---\n\n<!-- page 3 -->\n\n'));
  });

  it('is recognised by its magic bytes whatever the server claims', async () => {
    for (const contentType of ['application/octet-stream', 'text/html', 'text/plain; charset=utf-8']) {
      assert.equal((await parse(sample, {}, contentType)).kind, 'pdf');
    }
  });

  it('leaves the caller\u2019s buffer intact', async () => {
    const copy = Buffer.from(sample);
    await parse(sample);
    assert.equal(sample.byteLength, copy.byteLength);
    assert.ok(sample.equals(copy));
  });

  it('reports a damaged file as corrupt, not as a crash', async () => {
    const broken = [Buffer.from('%PDF-1.7\n1 0 obj\n<< garbage'), sample.subarray(0, 400)];
    for (const bytes of broken) {
      await assert.rejects(parse(bytes), (err) => isDocumentError(err) && err.code === 'corrupt' && /PDF/.test(err.message));
    }
  });

  it('stops between pages when the signal aborts', async () => {
    const controller = new AbortController();
    const parsing = parseDocument({ bytes: long, parsers: ['pdf'], signal: controller.signal });
    setImmediate(() => controller.abort());
    await assert.rejects(parsing, { name: 'AbortError' });
  });

  it('parses a 50-page PDF in reasonable time', async (t) => {
    await parse(long); // pdf.js is loaded by now; measure the parsing itself
    const started = performance.now();
    const r: DocumentResult = await parse(long);
    const ms = performance.now() - started;
    t.diagnostic(`50-page PDF: ${ms.toFixed(0)} ms, ${r.markdown?.length} chars`);
    assert.equal(r.numPages, 50);
    assert.ok(ms < 10_000);
  });
});
