CREATE TABLE job_documents (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  -- 0, 1, 2, … within the job without gaps: a page from `skip` is an index seek.
  seq INTEGER NOT NULL,
  task_id TEXT NOT NULL UNIQUE,
  document TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  credits_used INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
);

CREATE TABLE job_result_totals (
  job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  documents INTEGER NOT NULL,
  credits_used BIGINT NOT NULL
);

CREATE FUNCTION job_result_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_result_totals (job_id, documents, credits_used) VALUES (NEW.job_id, 1, NEW.credits_used)
  ON CONFLICT (job_id) DO UPDATE
    SET documents = job_result_totals.documents + 1, credits_used = job_result_totals.credits_used + excluded.credits_used;
  RETURN NULL;
END $$;

CREATE TRIGGER job_result_totals_add AFTER INSERT ON job_documents FOR EACH ROW EXECUTE FUNCTION job_result_totals_add();

CREATE TABLE job_errors (
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  code TEXT,
  error TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX job_errors_job ON job_errors(job_id, created_at);

CREATE TABLE job_robots_blocked (
  -- Insertion order, which the list is read back in (SQLite's rowid).
  seq BIGINT GENERATED ALWAYS AS IDENTITY,
  job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  PRIMARY KEY (job_id, url)
);
