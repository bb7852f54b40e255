CREATE TABLE ledger (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- Usage stays on the books after its key is gone.
  api_key_id TEXT REFERENCES api_keys(id) ON DELETE SET NULL,
  credits INTEGER NOT NULL CHECK (credits >= 0),
  tokens INTEGER NOT NULL CHECK (tokens >= 0),
  kind TEXT NOT NULL,
  -- No foreign key: jobs expire after the retention period, their charges do not.
  job_id TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX ledger_team_time ON ledger(team_id, created_at);

-- Running totals per (team, month, key), kept by the trigger below in the
-- same transaction as each charge: the credit check runs on every paid
-- request, and summing a busy team's month of rows there took 20 ms at 100k
-- rows and 450 ms at 1M, blocking the event loop all the while.
CREATE TABLE ledger_months (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  -- '' for charges made without a key: NULL would never conflict, so never add up.
  api_key_id TEXT NOT NULL,
  credits INTEGER NOT NULL,
  tokens INTEGER NOT NULL,
  PRIMARY KEY (team_id, month, api_key_id)
);

CREATE TRIGGER ledger_months_add AFTER INSERT ON ledger
BEGIN
  INSERT INTO ledger_months (team_id, month, api_key_id, credits, tokens)
  VALUES (NEW.team_id, substr(NEW.created_at, 1, 7), COALESCE(NEW.api_key_id, ''), NEW.credits, NEW.tokens)
  ON CONFLICT (team_id, month, api_key_id) DO UPDATE
    SET credits = credits + excluded.credits, tokens = tokens + excluded.tokens;
END;

CREATE TABLE idempotency_keys (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- sha256 of the header value: bounded size whatever the client sends.
  key_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (team_id, key_hash)
);

CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
