-- A job's document count and credits are read from its last document, not kept in
-- job_result_totals by a trigger: that upsert wrote two more B-trees (the table and
-- its key) with every crawled page, and a row every process's pages of the job
-- updated. seq counts the documents already (0, 1, 2, … without gaps);
-- credits_total carries the credits of the documents up to this one.
ALTER TABLE job_documents ADD COLUMN credits_total BIGINT NOT NULL DEFAULT 0;
-- Only a job's last document is read for its totals; the next adds to it.
UPDATE job_documents d SET credits_total = t.credits_used
  FROM job_result_totals t
 WHERE t.job_id = d.job_id AND d.seq = (SELECT max(l.seq) FROM job_documents l WHERE l.job_id = d.job_id);
DROP TRIGGER job_result_totals_add ON job_documents;
DROP FUNCTION job_result_totals_add();
DROP TABLE job_result_totals;
