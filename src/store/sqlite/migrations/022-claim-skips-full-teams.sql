-- Nothing to do in SQLite, whose single writer claims for every team at once. The file
-- keeps both dialects' migration lists alike (PostgreSQL's 022 changes trawl_claim).
SELECT 1;
