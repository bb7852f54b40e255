import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeHtml, transformHtml } from '../../../src/scrape/transform/index.js';
import { corpusBytes, corpusExpectedMarkdown, corpusPages } from '../../fixtures/corpus/pages.js';

describe('corpus: realistic pages give the markdown a reader wants', () => {
  for (const page of corpusPages) {
    test(page.name, () => {
      const html = decodeHtml(corpusBytes(page), page.contentType);
      const { markdown } = transformHtml({
        html,
        url: page.url,
        formats: new Set(['markdown']),
        onlyMainContent: true,
        removeBase64Images: true,
      });
      assert.equal(markdown?.trimEnd(), corpusExpectedMarkdown(page).trimEnd());
    });
  }
});
