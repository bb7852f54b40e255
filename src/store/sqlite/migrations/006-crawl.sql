-- The frontier of each crawl: every page it has admitted, under the page's
-- de-duplication key, so that a URL linked from many pages is scraped once and
-- a restarted process resumes from here rather than from memory. A page's
-- progress is its task's state (the task id derives from the key).
CREATE TABLE crawl_frontier (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  url_key TEXT NOT NULL,
  url TEXT NOT NULL,
  depth INTEGER NOT NULL,
  -- The task that admitted the page: if it re-runs after a crash it enqueues
  -- the page again, in case the crash fell between admission and enqueue.
  parent TEXT NOT NULL,
  PRIMARY KEY (job_id, url_key)
) WITHOUT ROWID;

-- Pages admitted so far against the crawl's limit, and the pace robots.txt
-- asked for; kept apart from the frontier so the limit check is one row.
CREATE TABLE crawls (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  admitted INTEGER NOT NULL DEFAULT 0,
  delay_ms INTEGER
);

-- GET /v2/crawl/active: a team's running jobs of one kind, newest first.
CREATE INDEX jobs_team_running ON jobs(team_id, kind, created_at) WHERE status = 'running';
