-- Times are ISO-8601 UTC strings (toISOString), so text order is time order.
-- team_id is not a foreign key: the queue only uses it as a limit and ownership key.

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'cancelled')),
  options TEXT NOT NULL,
  max_concurrency INTEGER CHECK (max_concurrency > 0),
  total INTEGER NOT NULL DEFAULT 0,
  completed INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT,
  expires_at TEXT NOT NULL
);

CREATE INDEX jobs_expiry ON jobs(expires_at);

-- Purging a job deletes its rows everywhere through ON DELETE CASCADE: a later
-- table holding anything keyed by job id joins the purge by declaring
-- `job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE` and an index on
-- job_id (without it every purge scans the table). Rows that must outlive the
-- job (the ledger) simply do not reference it.
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  team_id TEXT NOT NULL,
  job_id TEXT REFERENCES jobs(id) ON DELETE CASCADE,
  payload TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'active', 'completed', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL CHECK (max_attempts > 0),
  run_after TEXT NOT NULL,
  lease_owner TEXT,
  lease_token TEXT,
  lease_expires_at TEXT,
  cancel_requested_at TEXT,
  result TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);

-- The claim seeks team by team, then job by job, then the oldest due task,
-- each step an index seek however long the backlog of a blocked team is.
CREATE INDEX tasks_claim ON tasks(state, team_id, job_id, run_after);
-- Cascade deletes, cancelling a job, and telling whether a job has work left.
CREATE INDEX tasks_job ON tasks(job_id, state);
-- Queue counts and the most recent success of a team.
CREATE INDEX tasks_team ON tasks(team_id, state, finished_at);
