import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import JSZip from 'jszip';
import { isDocumentError } from '../../../src/scrape/documents/errors.js';
import { MAX_UNZIPPED_BYTES, openZip, resolvePart, zipEntries } from '../../../src/scrape/documents/zip.js';

async function zipOf(files: Record<string, string>, compression: 'STORE' | 'DEFLATE' = 'DEFLATE'): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression });
}

/** Overwrites the declared uncompressed size of the first entry in the central directory. */
function declareSize(bytes: Buffer, size: number): Buffer {
  const patched = Buffer.from(bytes);
  const central = patched.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  patched.writeUInt32LE(size, central + 24);
  return patched;
}

describe('zip', () => {
  it('lists entries and reads stored and deflated ones', async () => {
    for (const compression of ['STORE', 'DEFLATE'] as const) {
      const bytes = await zipOf({ 'a.txt': 'hello', 'dir/b.xml': '<x>é</x>'.repeat(100) }, compression);
      assert.deepEqual(
        zipEntries(bytes)?.map((e) => e.name),
        ['a.txt', 'dir/', 'dir/b.xml'],
      );
      const zip = openZip(bytes, 'TEST');
      assert.equal(await zip.text('a.txt'), 'hello');
      assert.equal(await zip.text('/dir/b.xml'), '<x>é</x>'.repeat(100));
      assert.equal(await zip.text('missing.xml'), undefined);
    }
  });

  it('refuses a package that declares more content than allowed (zip bomb)', async () => {
    const bomb = declareSize(await zipOf({ 'a.xml': 'x' }), MAX_UNZIPPED_BYTES + 1);
    assert.throws(() => openZip(bomb, 'DOCX'), (err) => isDocumentError(err) && err.code === 'too_large' && /DOCX/.test(err.message));
  });

  it('stops inflating an entry at its declared size', async () => {
    const liar = declareSize(await zipOf({ 'a.xml': 'x'.repeat(100_000) }), 10);
    await assert.rejects(openZip(liar, 'ODT').text('a.xml'), (err) => isDocumentError(err) && err.code === 'corrupt');
  });

  it('finds no directory in a truncated file', async () => {
    const bytes = await zipOf({ 'a.txt': 'hello' });
    assert.equal(zipEntries(bytes.subarray(0, bytes.length - 30)), undefined);
    assert.throws(() => openZip(bytes.subarray(0, 30), 'XLSX'), (err) => isDocumentError(err) && err.code === 'corrupt');
  });

  it('resolves package-relative references', () => {
    assert.equal(resolvePart('ppt/presentation.xml', 'slides/slide1.xml'), 'ppt/slides/slide1.xml');
    assert.equal(resolvePart('ppt/slides/slide1.xml', '../slideLayouts/a.xml'), 'ppt/slideLayouts/a.xml');
    assert.equal(resolvePart('OEBPS/content.opf', 'text/c%201.xhtml#frag'), 'OEBPS/text/c 1.xhtml');
    assert.equal(resolvePart('a/b.xml', '/root.xml'), 'root.xml');
    assert.equal(resolvePart('a/b.xml', 'bad%zz.xml'), 'a/bad%zz.xml');
  });
});
