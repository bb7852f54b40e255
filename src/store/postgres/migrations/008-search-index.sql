-- The local search index on PostgreSQL full-text search: a stored tsvector
-- weighted like SQLite's bm25 columns (title A, description B, url C, body D)
-- under a GIN index.

-- English stemming that keeps every word, as SQLite's porter tokenizer does:
-- with the stock `english` configuration "the gadget that does it all" would
-- be searched as "gadget" alone, its stop words dropped.
CREATE TEXT SEARCH DICTIONARY trawl_english_stem (TEMPLATE = snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION trawl_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION trawl_english
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH trawl_english_stem;
CREATE TABLE search_pages (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
  tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('trawl_english', title), 'A') ||
    setweight(to_tsvector('trawl_english', description), 'B') ||
    setweight(to_tsvector('trawl_english', url), 'C') ||
    setweight(to_tsvector('trawl_english', markdown), 'D')
  ) STORED,
  UNIQUE (team_id, url)
);
CREATE INDEX search_pages_team_fetched ON search_pages (team_id, fetched_at);
CREATE INDEX search_pages_tsv ON search_pages USING GIN (tsv);
