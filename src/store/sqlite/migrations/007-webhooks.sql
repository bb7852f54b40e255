-- Webhook deliveries owed by jobs (§16). Both tables go with their job
-- through ON DELETE CASCADE (see 002-jobs.sql).

CREATE TABLE webhook_subscriptions (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  -- {url, headers, metadata, events} as the start request gave them.
  config TEXT NOT NULL,
  -- Set with the job's final event: later events of the job (pages that
  -- finished after a cancel) are not delivered after it.
  ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1))
);

CREATE TABLE webhook_outbox (
  -- Write order is delivery order within a job.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  -- `<job id>:<event>`: a repeated event (a task re-run, two tasks seeing the
  -- job end) is written once.
  event_key TEXT NOT NULL UNIQUE,
  webhook_id TEXT NOT NULL,
  url TEXT NOT NULL,
  headers TEXT NOT NULL,
  -- The exact body, so every retry sends the same bytes and signature.
  body TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);

-- The head of each job's pending deliveries, and the cascade.
CREATE INDEX webhook_outbox_job ON webhook_outbox(job_id, state, id);
CREATE INDEX webhook_outbox_due ON webhook_outbox(state, next_attempt_at);
