-- Nothing to do in SQLite, whose claims read the waiting teams statement by statement. The file
-- keeps both dialects' migration lists alike (PostgreSQL's 023 reads them from the newest work).
SELECT 1;
