-- The claim reads each (team, job) group's queued tasks in claim order
-- (run_after, then insertion order) and stops after a few: these indexes hold
-- exactly that order, so a claim reads as many rows as it takes however long
-- the queue. Partial on 'queued', they hold only waiting work; the one for
-- tasks without a job exists because PostgreSQL orders an index range after
-- `job_id = ?` but not after `job_id IS NULL`.
CREATE INDEX tasks_queued_job ON tasks(team_id, job_id, run_after, seq) WHERE state = 'queued' AND job_id IS NOT NULL;
CREATE INDEX tasks_queued_no_job ON tasks(team_id, run_after, seq) WHERE state = 'queued' AND job_id IS NULL;
