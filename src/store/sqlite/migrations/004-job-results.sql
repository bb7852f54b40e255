-- What crawl and batch jobs produce, page by page. Every table goes with its
-- job through ON DELETE CASCADE (see 002-jobs.sql).

CREATE TABLE job_documents (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  -- 0, 1, 2, … within the job, in completion order and without gaps, so that
  -- a page of results starting at `skip` is an index seek, not an OFFSET scan.
  seq INTEGER NOT NULL,
  -- A task re-run after a crash finds its document here instead of adding it twice.
  task_id TEXT NOT NULL UNIQUE,
  -- The Document as JSON, spliced as is into status responses.
  document TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  credits_used INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
);

-- Kept by the trigger below in the same transaction as each document: status
-- reads need the count and the credits of a job of any size in constant time.
CREATE TABLE job_result_totals (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  documents INTEGER NOT NULL,
  credits_used INTEGER NOT NULL
);

CREATE TRIGGER job_result_totals_add AFTER INSERT ON job_documents
BEGIN
  INSERT INTO job_result_totals (job_id, documents, credits_used) VALUES (NEW.job_id, 1, NEW.credits_used)
  ON CONFLICT (job_id) DO UPDATE
    SET documents = documents + 1, credits_used = credits_used + excluded.credits_used;
END;

-- Pages that produced no document. task_id is the id the errors endpoint
-- reports (the page's scrape id); unique so that a re-run records it once.
CREATE TABLE job_errors (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  code TEXT,
  error TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX job_errors_job ON job_errors(job_id, created_at);

-- URLs a crawl did not fetch because robots.txt disallowed them.
CREATE TABLE job_robots_blocked (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  PRIMARY KEY (job_id, url)
);
