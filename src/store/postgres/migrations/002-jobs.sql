-- Times stay ISO-8601 UTC strings as in SQLite, so text order is time order and
-- both backends compare them alike. team_id is not a foreign key (see the SQLite file).

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

-- Every table keyed by job id goes with the job through ON DELETE CASCADE.
CREATE TABLE tasks (
  -- Insertion order, SQLite's rowid: the tie-break between tasks due at the same time.
  seq BIGINT GENERATED ALWAYS AS IDENTITY,
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

CREATE INDEX tasks_claim ON tasks(state, team_id, job_id, run_after);
CREATE INDEX tasks_job ON tasks(job_id, state);
CREATE INDEX tasks_team ON tasks(team_id, state, finished_at);
-- Expired leases, looked for by every process.
CREATE INDEX tasks_lease ON tasks(lease_expires_at) WHERE state = 'active';
