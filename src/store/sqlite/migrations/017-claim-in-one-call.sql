-- Nothing to do in SQLite, whose single writer claims stepwise in a
-- transaction. The file keeps both dialects' migration lists alike
-- (PostgreSQL's 017 adds the one-call claim).
SELECT 1;
