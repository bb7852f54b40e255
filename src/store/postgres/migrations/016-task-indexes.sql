-- Fewer index entries per task. A claim and a completion each write a new
-- version of the task's row, and as both change `state` (in every partial
-- index's predicate) neither can be a HOT update: each version gets an entry
-- in every index whose predicate it meets. The three full indexes of 002 took
-- one for every version of every task; tasks_claim is answered since 013 by
-- the partial indexes of queued work and, for the active tasks each claim
-- counts, by tasks_lease (which the planner chose for that count anyway). A
-- job-less task now costs 2 entries to claim and 3 to complete instead of 5
-- and 4: ~1,430 -> ~1,030 bytes of WAL a task claimed and completed.
DROP INDEX tasks_claim;
DROP INDEX tasks_team;
DROP INDEX tasks_job;
-- A job's tasks (settling, cancelling, its failed pages, ON DELETE CASCADE):
-- every look-up names the job, so job-less tasks need no entry.
CREATE INDEX tasks_job ON tasks(job_id, state) WHERE job_id IS NOT NULL;
-- A team's most recent success (queue status).
CREATE INDEX tasks_team_completed ON tasks(team_id, finished_at) WHERE state = 'completed';
-- The retention sweep of finished job-less tasks.
CREATE INDEX tasks_loose_finished ON tasks(finished_at) WHERE job_id IS NULL AND state IN ('completed', 'failed', 'cancelled');
