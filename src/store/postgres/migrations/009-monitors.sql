CREATE TABLE change_snapshots (
  team_id TEXT NOT NULL,
  url TEXT NOT NULL,
  tag TEXT NOT NULL,
  scrape_id TEXT NOT NULL,
  markdown TEXT NOT NULL,
  json TEXT,
  status_code INTEGER NOT NULL,
  gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, tag, url)
);

CREATE TABLE monitors (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'deleted')),
  config TEXT NOT NULL,
  -- The claim of a scheduled run is a compare-and-set of this column.
  next_run_at TEXT,
  last_run_at TEXT,
  current_check_id TEXT,
  last_summary TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX monitors_team ON monitors(team_id, status, created_at);
CREATE INDEX monitors_due ON monitors(status, next_run_at);

CREATE TABLE monitor_checks (
  -- Insertion order (SQLite's rowid): the tie-break of checks created in the same millisecond.
  seq BIGINT GENERATED ALWAYS AS IDENTITY,
  id TEXT PRIMARY KEY,
  monitor_id TEXT NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('scheduled', 'manual')),
  scheduled_for TEXT,
  started_at TEXT,
  finished_at TEXT,
  summary TEXT NOT NULL,
  target_results TEXT,
  notification_status TEXT,
  actual_credits INTEGER,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX monitor_checks_monitor ON monitor_checks(monitor_id, created_at);
CREATE INDEX monitor_checks_status ON monitor_checks(status);

CREATE TABLE monitor_check_pages (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  check_id TEXT NOT NULL REFERENCES monitor_checks(id) ON DELETE CASCADE,
  page TEXT NOT NULL,
  status TEXT NOT NULL
);
CREATE INDEX monitor_check_pages_check ON monitor_check_pages(check_id, status, seq);
