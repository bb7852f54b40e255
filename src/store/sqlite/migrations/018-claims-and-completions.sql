-- Nothing to do in SQLite, whose single writer claims and completes tasks in
-- transactions of in-process statements. The file keeps both dialects'
-- migration lists alike (PostgreSQL's 018 completes a batch of tasks in one
-- call and lets claims of different teams run at once).
SELECT 1;
