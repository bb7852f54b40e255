import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { openDatabase } from '../../src/store/sqlite/database.js';
import { createSqliteStore } from '../../src/store/sqlite/index.js';
import { SEARCH_INDEX_FILE } from '../../src/store/sqlite/search-index.js';
import { tempDataDir } from '../helpers/server.js';

// SQLite only: the search index keeps a file of its own beside the store's (PostgreSQL keeps it in its database).
const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const query = { teamId: 't1', excluded: [], hosts: [], excludedHosts: [], categories: [], pdfOnly: false, order: 'relevance' as const, limit: 10 };

test("a store whose own file still holds the search index keeps every page findable, once, from the index's own file", async () => {
  const dir = tempDataDir();
  dirs.push(dir);
  // What a store made before search.sqlite holds: the index in its own file (migration 008).
  const old = openDatabase(dir);
  const insert = old.prepare(
    `INSERT INTO search_pages (team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at)
     VALUES (?, ?, 'docs.example.com', ?, '', ?, 'text/html', NULL, 0, '[]', ?)`,
  );
  insert.run('t1', 'https://docs.example.com/hooks', 'Webhooks', 'Receive webhooks when a crawl finishes.', '2026-11-01T00:00:00.000Z');
  insert.run('t2', 'https://docs.example.com/other', 'Webhooks elsewhere', 'Another team’s webhooks.', '2026-11-01T00:00:00.000Z');
  old.close();

  for (let run = 0; run < 2; run++) {
    const store = createSqliteStore(dir);
    try {
      const hits = await store.pages.search({ ...query, required: [['crawl', 'finishes']] });
      assert.deepEqual(hits.map((h) => h.url), ['https://docs.example.com/hooks'], `run ${run + 1}: the team's page, once`);
      await store.pages.upsert({ teamId: 't1', url: `https://docs.example.com/new-${run}`, title: 'Webhooks again', description: '', markdown: 'More webhooks.', contentType: 'text/html', publishedAt: null, isArticle: false, images: [], fetchedAt: '2026-11-02T00:00:00.000Z' });
      assert.equal((await store.pages.search({ ...query, required: [['webhooks']] })).length, 2 + run);
    } finally {
      await store.close();
    }
  }
  assert.ok(fs.existsSync(path.join(dir, SEARCH_INDEX_FILE)));
  const moved = openDatabase(dir);
  try {
    assert.deepEqual(moved.prepare("SELECT name FROM sqlite_master WHERE name IN ('search_pages', 'search_fts')").all(), [], "the store's own file no longer holds the index");
  } finally {
    moved.close();
  }
});
