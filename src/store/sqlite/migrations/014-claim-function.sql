-- Nothing to do in SQLite, whose single writer claims stepwise in a
-- transaction. The file keeps both dialects' migration lists alike
-- (PostgreSQL's 014 adds the function its claim calls).
SELECT 1;
