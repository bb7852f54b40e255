-- Extract jobs and agent runs: what their single driving task has decided and
-- produced so far, so that a run picked up again after a restart resumes from
-- here. Scraped pages live in job_documents (004) under ids derived from the
-- URL, which is what lets a resumed run skip the pages it has already read.
-- Everything goes with its job through ON DELETE CASCADE (see 002-jobs.sql).

CREATE TABLE extract_jobs (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  -- The pages to read, once the globs and the web search were expanded (JSON).
  targets TEXT,
  -- The finished extraction (JSON: data, sources, warnings, tokens, credits) …
  outcome TEXT,
  -- … or why it failed, kept so that the queue's retries of the task end at once.
  error TEXT
);

CREATE TABLE agent_runs (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Credits the run has spent, across resumptions: what maxCredits is held against.
  credits_used INTEGER NOT NULL DEFAULT 0,
  outcome TEXT,
  error TEXT
);

-- GET /v2/agent: a team's runs, newest first, `before` a time.
CREATE INDEX agent_runs_team ON agent_runs(team_id, created_at);

CREATE TABLE agent_trace (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  -- The event's producerSequence: 1, 2, … within the run.
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
) WITHOUT ROWID;
