CREATE TABLE scrapes (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  url TEXT NOT NULL,
  cache_key TEXT,
  document TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX scrapes_cache ON scrapes(team_id, cache_key, created_at) WHERE cache_key IS NOT NULL;
CREATE INDEX scrapes_expiry ON scrapes(expires_at);

CREATE TABLE artifacts (
  name TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  data BYTEA NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX artifacts_expiry ON artifacts(expires_at);
