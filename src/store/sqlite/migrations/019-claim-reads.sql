-- Nothing to do in SQLite, whose claims count active tasks and read the queue
-- statement by statement under its single writer. The file keeps both
-- dialects' migration lists alike (PostgreSQL's 019 gives its claim and
-- completion functions reads that do not grow with the queue).
SELECT 1;
