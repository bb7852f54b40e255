CREATE TABLE browser_sessions (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL,
  scrape_id TEXT,
  profile_name TEXT,
  stream_web_view INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  last_activity TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  destroyed_at TEXT,
  end_reason TEXT,
  credits_billed INTEGER
);
CREATE INDEX browser_sessions_team ON browser_sessions(team_id, status, created_at);
CREATE UNIQUE INDEX browser_sessions_scrape ON browser_sessions(scrape_id) WHERE scrape_id IS NOT NULL;
CREATE INDEX browser_sessions_destroyed ON browser_sessions(destroyed_at) WHERE destroyed_at IS NOT NULL;

ALTER TABLE scrapes ADD COLUMN options TEXT;
