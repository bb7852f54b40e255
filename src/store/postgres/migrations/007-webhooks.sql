CREATE TABLE webhook_subscriptions (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  config TEXT NOT NULL,
  ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1))
);

CREATE TABLE webhook_outbox (
  -- Write order is delivery order within a job: writers of one job hold its
  -- subscription row, so ids of a job are taken in commit order.
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  event_key TEXT NOT NULL UNIQUE,
  webhook_id TEXT NOT NULL,
  url TEXT NOT NULL,
  headers TEXT NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX webhook_outbox_job ON webhook_outbox(job_id, state, id);
CREATE INDEX webhook_outbox_due ON webhook_outbox(state, next_attempt_at);
