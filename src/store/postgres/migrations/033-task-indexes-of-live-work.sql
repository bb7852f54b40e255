-- Nothing to do in PostgreSQL, whose task indexes were cut to the live work in 016 (tasks_team_completed, partial claim indexes).
-- The file keeps both dialects' migration lists alike (SQLite's 033 keeps finished tasks out of
-- the claim's index and indexes a team's completed tasks alone).
SELECT 1;
