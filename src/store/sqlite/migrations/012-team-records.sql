-- What a team did and said, kept for its own sake (not keyed by job, so no
-- cascade from jobs): the request log of GET /v2/team/activity (24 hours),
-- feedback on results, and team-wide settings such as threat protection.

CREATE TABLE activity (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  api_version TEXT NOT NULL,
  target TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX activity_team_time ON activity(team_id, created_at, id);

CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  job_id TEXT NOT NULL,
  rating TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (team_id, endpoint, job_id)
);

CREATE INDEX feedback_team_time ON feedback(team_id, created_at);

CREATE TABLE team_settings (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (team_id, name)
);

-- Agent conversations (§10.7): each run is a job of its own and expires with
-- it; the thread keeps the turn order.
CREATE TABLE agent_threads (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE agent_thread_runs (
  thread_id TEXT NOT NULL REFERENCES agent_threads(id) ON DELETE CASCADE,
  turn INTEGER NOT NULL,
  job_id TEXT NOT NULL,
  PRIMARY KEY (thread_id, turn)
);
