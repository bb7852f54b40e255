-- A page fetched again re-enters the full-text index only when its indexed text
-- changed: a crawl or monitor fetching the same pages again updated every row
-- (its fetched_at, at least), and each update took the old text out of the index
-- and put the new in, tokenizing the page twice for nothing. Unchanged text keeps
-- its index entries, which still match it under the same rowid.
DROP TRIGGER search_pages_au;
CREATE TRIGGER search_pages_au AFTER UPDATE ON search_pages
WHEN old.title IS NOT new.title OR old.description IS NOT new.description
  OR old.markdown IS NOT new.markdown OR old.url IS NOT new.url
BEGIN
  INSERT INTO search_fts (search_fts, rowid, title, description, markdown, url)
  VALUES ('delete', old.id, old.title, old.description, old.markdown, old.url);
  INSERT INTO search_fts (rowid, title, description, markdown, url)
  VALUES (new.id, new.title, new.description, new.markdown, new.url);
END;
