-- The local search index (src/search): the pages each team fetched, kept current
-- by the scrape pipeline, searched by POST /v2/search with FTS5 (bm25, snippet).
CREATE TABLE search_pages (
  id INTEGER PRIMARY KEY,
  team_id TEXT NOT NULL,
  url TEXT NOT NULL,
  host TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  markdown TEXT NOT NULL,
  content_type TEXT,
  published_at TEXT,
  is_article INTEGER NOT NULL,
  images TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  UNIQUE (team_id, url)
);
CREATE INDEX search_pages_team_fetched ON search_pages (team_id, fetched_at);

-- External content: the text lives once, in search_pages; the triggers keep the index in step.
CREATE VIRTUAL TABLE search_fts USING fts5(
  title, description, markdown, url,
  content = 'search_pages', content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER search_pages_ai AFTER INSERT ON search_pages BEGIN
  INSERT INTO search_fts (rowid, title, description, markdown, url)
  VALUES (new.id, new.title, new.description, new.markdown, new.url);
END;
CREATE TRIGGER search_pages_ad AFTER DELETE ON search_pages BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, description, markdown, url)
  VALUES ('delete', old.id, old.title, old.description, old.markdown, old.url);
END;
CREATE TRIGGER search_pages_au AFTER UPDATE ON search_pages BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, description, markdown, url)
  VALUES ('delete', old.id, old.title, old.description, old.markdown, old.url);
  INSERT INTO search_fts (rowid, title, description, markdown, url)
  VALUES (new.id, new.title, new.description, new.markdown, new.url);
END;
