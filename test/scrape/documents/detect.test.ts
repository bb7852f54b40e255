import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import JSZip from 'jszip';
import { type Detection, detectDocument } from '../../../src/scrape/documents/index.js';
import { makeDocx, makeEpub, makeOdp, makeOds, makeOdt, makePdf, makePptx, makeXlsx } from '../../fixtures/documents/index.js';

const files: Record<string, Buffer> = {};

before(async () => {
  files.pdf = await makePdf({ pages: [[{ paragraph: 'x' }]] });
  files.docx = await makeDocx();
  files.xlsx = await makeXlsx();
  files.pptx = await makePptx();
  files.odt = await makeOdt();
  files.ods = await makeOds();
  files.odp = await makeOdp();
  files.epub = await makeEpub();
});

const kind = (bytes: Uint8Array, contentType?: string, filename?: string) => detectDocument({ bytes, contentType, filename }).kind;
const text = (s: string) => Buffer.from(s);

describe('detectDocument', () => {
  it('knows every package by its bytes, whatever the type and name claim', () => {
    for (const [expected, bytes] of Object.entries(files)) {
      for (const [type, name] of [
        ['application/octet-stream', undefined],
        [undefined, 'download'],
        ['text/html; charset=utf-8', 'index.html'],
        ['application/pdf', 'file.pdf'],
      ] as const) {
        assert.equal(kind(bytes, type, name), expected, `${expected} as ${type} / ${name}`);
      }
    }
  });

  it('finds a PDF header after leading junk', () => {
    assert.equal(kind(Buffer.concat([text('\n\n  junk'), files.pdf ?? Buffer.alloc(0)])), 'pdf');
  });

  it('does not take text that quotes a PDF header or starts like an image signature for a file of that kind', () => {
    assert.equal(kind(text('<html><body><p>A PDF starts with %PDF-1.7</p></body></html>'), 'text/html'), 'html');
    assert.equal(kind(text('BMW and GIF89a are names'), 'text/plain'), 'text');
  });

  it('treats a "PDF" that is really an HTML page as HTML', () => {
    const page = text('<!DOCTYPE html><html><body>Please log in</body></html>');
    assert.equal(kind(page, 'application/pdf', 'report.pdf'), 'html');
    assert.equal(kind(text('Access denied'), 'application/pdf'), 'text');
  });

  it('uses the declared type for text formats', () => {
    assert.equal(kind(text('a,b'), 'text/csv'), 'csv');
    assert.equal(kind(text('a\tb'), 'text/tab-separated-values'), 'csv');
    assert.equal(kind(text('# x'), 'text/markdown'), 'markdown');
    assert.equal(kind(text('{}'), 'application/json; charset=utf-8'), 'json');
    assert.equal(kind(text('{}'), 'application/vnd.api+json'), 'json');
    assert.equal(kind(text('<p>x</p>'), 'application/xhtml+xml'), 'html');
    assert.equal(kind(text('whatever'), 'text/x-log'), 'text');
  });

  it('lets the extension refine text/plain and stand in for a generic type', () => {
    assert.equal(kind(text('a,b'), 'text/plain', 'data.csv'), 'csv');
    assert.equal(kind(text('# x'), 'text/plain', 'https://raw.example.com/README.md?ref=main#top'), 'markdown');
    assert.equal(kind(text('x'), 'application/octet-stream', 'notes.txt'), 'text');
    assert.equal(kind(text('<p>x</p>'), undefined, 'page.xhtml'), 'html');
  });

  it('sniffs untyped text: HTML, JSON, else plain text', () => {
    assert.equal(kind(text('\uFEFF  <!doctype html><title>x</title>')), 'html');
    assert.equal(kind(text('<!-- c --><html lang="en"></html>')), 'html');
    assert.equal(kind(text('[1, 2, 3]')), 'json');
    assert.equal(kind(text('[not json')), 'text');
    assert.equal(kind(text('hello world')), 'text');
    assert.equal(kind(Buffer.alloc(0)), 'text');
  });

  it('knows RTF by its header', () => {
    assert.equal(kind(text('{\\rtf1\\ansi hello}'), 'application/octet-stream'), 'rtf');
  });

  const unsupported = (d: Detection) => (d.kind === 'unsupported' ? d : assert.fail(`expected unsupported, got ${d.kind}`));

  it('refuses images: there is no OCR here', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const d = unsupported(detectDocument({ bytes: png, contentType: 'application/octet-stream' }));
    assert.equal(d.mimeType, 'image/png');
    assert.match(d.reason, /OCR/);
    assert.equal(unsupported(detectDocument({ bytes: text('GIF89a'), contentType: 'image/gif' })).mimeType, 'image/gif');
  });

  it('refuses legacy Office files, by bytes, type or extension', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    assert.match(unsupported(detectDocument({ bytes: ole, contentType: 'application/pdf' })).reason, /Legacy binary Office/);
    assert.equal(kind(Buffer.from([1, 2, 0, 3]), 'application/msword'), 'unsupported');
    assert.equal(kind(Buffer.from([1, 2, 0, 3]), undefined, 'old.xls'), 'unsupported');
  });

  it('refuses unknown binary data and plain ZIP archives', async () => {
    const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    assert.deepEqual(detectDocument({ bytes: binary, contentType: 'application/octet-stream' }), {
      kind: 'unsupported',
      mimeType: 'application/octet-stream',
      reason: 'Unsupported file type',
    });
    assert.match(unsupported(detectDocument({ bytes: binary, contentType: 'video/mp4' })).reason, /video\/mp4/);
    const zip = new JSZip();
    zip.file('photo.jpg', 'not really');
    assert.match(unsupported(detectDocument({ bytes: await zip.generateAsync({ type: 'nodebuffer' }) })).reason, /ZIP archives/);
  });

  it('refuses Excel binary workbooks even inside a ZIP', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.bin', 'x');
    assert.match(unsupported(detectDocument({ bytes: await zip.generateAsync({ type: 'nodebuffer' }) })).reason, /xlsb/);
  });

  it('passes a truncated package on to its claimed format, whose parser reports it', () => {
    const truncated = (files.docx ?? Buffer.alloc(0)).subarray(0, 2000);
    assert.equal(kind(truncated, undefined, 'letter.docx'), 'docx');
    assert.equal(kind(truncated), 'unsupported');
  });

  it('gives each kind its canonical MIME type', () => {
    assert.deepEqual(detectDocument({ bytes: files.odt ?? Buffer.alloc(0) }), { kind: 'odt', mimeType: 'application/vnd.oasis.opendocument.text' });
    assert.deepEqual(detectDocument({ bytes: text('a;b'), contentType: 'application/csv' }), { kind: 'csv', mimeType: 'text/csv' });
  });
});
