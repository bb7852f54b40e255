-- A job's document count and credits are read from its last document, not kept in
-- job_result_totals by a trigger: that upsert wrote two more B-trees (the table and
-- its key) with every crawled page. seq counts the documents already (0, 1, 2, …
-- without gaps); credits_total carries the credits of the documents up to this one.
ALTER TABLE job_documents ADD COLUMN credits_total INTEGER NOT NULL DEFAULT 0;
-- Only a job's last document is read for its totals; the next adds to it.
UPDATE job_documents SET credits_total = (SELECT t.credits_used FROM job_result_totals t WHERE t.job_id = job_documents.job_id)
 WHERE seq = (SELECT max(d.seq) FROM job_documents d WHERE d.job_id = job_documents.job_id);
DROP TRIGGER job_result_totals_add;
DROP TABLE job_result_totals;
