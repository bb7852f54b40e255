CREATE TABLE extract_jobs (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  targets TEXT,
  outcome TEXT,
  error TEXT
);

CREATE TABLE agent_runs (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  credits_used INTEGER NOT NULL DEFAULT 0,
  outcome TEXT,
  error TEXT
);

CREATE INDEX agent_runs_team ON agent_runs(team_id, created_at);

CREATE TABLE agent_trace (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
);
