-- Change tracking (§2.2) and monitors (§12). None of these rows belong to a
-- job: snapshots live as long as their URL is tracked, checks as long as
-- their monitor's retentionDays say.

-- The latest snapshot of a URL per team and tag: what the next scrape of it
-- is compared with. Replaced in place, so one row per tracked page.
CREATE TABLE change_snapshots (
  team_id TEXT NOT NULL,
  url TEXT NOT NULL,
  -- '' for the untagged history.
  tag TEXT NOT NULL,
  scrape_id TEXT NOT NULL,
  markdown TEXT NOT NULL,
  -- Extracted JSON (json mode), as JSON text; NULL when none was extracted.
  json TEXT,
  status_code INTEGER NOT NULL,
  -- The page answered 404/410: the next live answer is `new` again.
  gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, tag, url)
);

CREATE TABLE monitors (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'deleted')),
  -- Everything the caller configured (name, schedule, targets, webhook, ...), as JSON.
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
  -- Insertion order is the order pages are listed in.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  check_id TEXT NOT NULL REFERENCES monitor_checks(id) ON DELETE CASCADE,
  -- {targetId, url, status, previousScrapeId, ..., diff, snapshot} as JSON.
  page TEXT NOT NULL,
  status TEXT NOT NULL
);
CREATE INDEX monitor_check_pages_check ON monitor_check_pages(check_id, status, seq);
