-- Nothing to do in SQLite, which has no plan cache of this kind. The file keeps both
-- dialects' migration lists alike (PostgreSQL's 021 keeps the claim's plans).
SELECT 1;
