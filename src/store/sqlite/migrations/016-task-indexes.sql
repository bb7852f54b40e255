-- Nothing to do in SQLite, whose single writer has no index bloat from row
-- versions. The file keeps both dialects' migration lists alike (PostgreSQL's
-- 016 trims the indexes every claim and completion writes to).
SELECT 1;
