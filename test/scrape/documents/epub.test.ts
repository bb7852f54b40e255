import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDocumentError, parseDocument } from '../../../src/scrape/documents/index.js';
import { makeEpub } from '../../fixtures/documents/index.js';

describe('EPUB', () => {
  it('concatenates the chapters in spine order, one section each', async () => {
    const r = await parseDocument({ bytes: await makeEpub({ reverseFiles: true }), parsers: ['pdf'] });
    const html = r.html ?? '';
    assert.equal(r.kind, 'epub');
    assert.equal(r.title, 'A Small Book');
    assert.ok(
      html.includes(
        '<section><h1>Chapter One</h1><p>It was a <em>dark</em> and stormy night in Köln.</p></section><section><h1>Chapter Two</h1><ul><li>Rain</li><li>Wind</li></ul></section>',
      ),
    );
  });

  it('leaves out the navigation document, which is not in the spine', async () => {
    const r = await parseDocument({ bytes: await makeEpub(), parsers: ['pdf'] });
    assert.ok(!r.html?.includes('<nav'));
  });

  it('refuses DRM-encrypted books', async () => {
    await assert.rejects(
      parseDocument({ bytes: await makeEpub({ drm: true }), parsers: ['pdf'] }),
      (err) => isDocumentError(err) && err.code === 'encrypted',
    );
  });
});
