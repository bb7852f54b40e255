import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { batchedIndex } from '../../src/search/index-feed.js';
import type { IndexedPage, PageQuery } from '../../src/store/pages.js';
import { type OpenedBackend, storeBackends } from '../helpers/store-backends.js';

const page = (url: string, markdown: string): IndexedPage => ({
  teamId: 't1',
  url,
  title: '',
  description: '',
  markdown,
  contentType: 'text/html',
  publishedAt: null,
  isArticle: false,
  images: [],
  fetchedAt: new Date().toISOString(),
});

const query = (word: string): PageQuery => ({
  teamId: 't1',
  required: [[word]],
  excluded: [],
  hosts: [],
  excludedHosts: [],
  categories: [],
  pdfOnly: false,
  order: 'relevance',
  limit: 500,
});

for (const backend of await storeBackends()) {
  describe(`search index written in batches (${backend.name})`, { skip: backend.skip }, () => {
    let opened: OpenedBackend;
    beforeEach(async () => (opened = await backend.open()));
    afterEach(() => opened.close());

    test('a page is found by a search right after it was handed over, before its batch was due', async () => {
      const index = batchedIndex(opened.store.pages);
      void index.upsert(page('https://a.test/kiwi', 'a kiwi fruit'));
      assert.deepEqual((await index.search(query('kiwi'))).map((h) => h.url), ['https://a.test/kiwi']);
    });

    test('many pages at once all land, and each upsert answers once its page is in', async () => {
      const index = batchedIndex(opened.store.pages);
      const urls = Array.from({ length: 150 }, (_, i) => `https://a.test/p${i}`);
      await Promise.all(urls.map((u) => index.upsert(page(u, 'mango'))));
      // Read through the store itself: nothing is waiting in the batch any more.
      assert.equal((await opened.store.pages.search(query('mango'))).length, 150);
    });

    test('a failed write reaches the callers of its batch', async () => {
      const index = batchedIndex(opened.store.pages);
      await assert.rejects(index.upsert(page('not a url', 'papaya')));
      await index.upsert(page('https://a.test/later', 'papaya'));
      assert.deepEqual((await index.search(query('papaya'))).map((h) => h.url), ['https://a.test/later']);
    });
  });
}
