CREATE TABLE crawl_frontier (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  url_key TEXT NOT NULL,
  url TEXT NOT NULL,
  depth INTEGER NOT NULL,
  parent TEXT NOT NULL,
  PRIMARY KEY (job_id, url_key)
);

-- Its row is also the lock that serialises admissions to one crawl across processes.
CREATE TABLE crawls (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  admitted INTEGER NOT NULL DEFAULT 0,
  delay_ms INTEGER
);

CREATE INDEX jobs_team_running ON jobs(team_id, kind, created_at) WHERE status = 'running';
