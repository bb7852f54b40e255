CREATE TABLE ledger (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  api_key_id TEXT REFERENCES api_keys(id) ON DELETE SET NULL,
  credits BIGINT NOT NULL CHECK (credits >= 0),
  tokens BIGINT NOT NULL CHECK (tokens >= 0),
  kind TEXT NOT NULL,
  job_id TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX ledger_team_time ON ledger(team_id, created_at);

-- Running totals per (team, month, key), kept by the trigger below in the same
-- transaction as each charge, so the credit check reads one row per key.
CREATE TABLE ledger_months (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  -- '' for charges made without a key: NULL would never conflict, so never add up.
  api_key_id TEXT NOT NULL,
  credits BIGINT NOT NULL,
  tokens BIGINT NOT NULL,
  PRIMARY KEY (team_id, month, api_key_id)
);

CREATE FUNCTION ledger_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_months (team_id, month, api_key_id, credits, tokens)
  VALUES (NEW.team_id, substr(NEW.created_at, 1, 7), COALESCE(NEW.api_key_id, ''), NEW.credits, NEW.tokens)
  ON CONFLICT (team_id, month, api_key_id) DO UPDATE
    SET credits = ledger_months.credits + excluded.credits, tokens = ledger_months.tokens + excluded.tokens;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_months_add AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_months_add();

CREATE TABLE idempotency_keys (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (team_id, key_hash)
);

CREATE INDEX idempotency_keys_expiry ON idempotency_keys(expires_at);
