import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Db } from './database.js';

/**
 * The local search index keeps a file of its own beside the store's, search.sqlite, written
 * by a thread of its own (search-thread.mjs, pages.ts): the full-text insert of every crawled page and
 * the index pages it dirtied in each commit were about a fifth of a crawl's main thread, and
 * two threads writing one SQLite file would wait on each other's write lock. The index holds
 * nothing a crawl's guarantees rest on: it is rebuilt by fetching pages again.
 */
export const SEARCH_INDEX_FILE = 'search.sqlite';

/** search_pages and its FTS5 shadow, as migration 008 made them in the store's file. */
const schema = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', '008-search-index.sql'),
  'utf8',
);

/**
 * Makes the index file under the data directory when there is none, and answers its path.
 * With `move`, an index the store's own file still holds (every store before search.sqlite,
 * and migration 008 on a new one) moves into it: the copy commits before the tables are
 * dropped, so a crash in between copies again, never losing a page.
 */
export function prepareSearchIndex(store: Db, dataDir: string, move: boolean): string {
  const file = path.join(dataDir, SEARCH_INDEX_FILE);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_pages'").get()) db.exec(schema);
  } finally {
    db.close();
  }
  if (!move || !store.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_pages'").get()) return file;
  store.prepare('ATTACH DATABASE ? AS search_index').run(file);
  try {
    store.exec(`INSERT INTO search_index.search_pages
        (team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at)
      SELECT team_id, url, host, title, description, markdown, content_type, published_at, is_article, images, fetched_at
        FROM main.search_pages WHERE true
      ON CONFLICT (team_id, url) DO NOTHING`);
  } finally {
    store.exec('DETACH DATABASE search_index');
  }
  store.transaction(() => store.exec('DROP TABLE search_fts; DROP TABLE search_pages'))();
  return file;
}
