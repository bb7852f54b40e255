-- Nothing to do in SQLite: tasks_claim (state, team_id, job_id, run_after) ends
-- in the rowid, which is claim order, and SQLite ranges over `job_id IS NULL`
-- as over an equality. The file keeps both dialects' migration lists alike
-- (PostgreSQL's 013 adds the indexes its claim needs).
SELECT 1;
