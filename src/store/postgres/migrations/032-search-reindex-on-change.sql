-- Nothing to do in PostgreSQL, whose tsvector is a generated column of the row.
-- The file keeps both dialects' migration lists alike (SQLite's 032 re-indexes a
-- page fetched again only when its indexed text changed).
SELECT 1;
