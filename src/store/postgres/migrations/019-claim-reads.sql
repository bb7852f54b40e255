-- Claims and completions that read what they need and no more (src/store/sql/tasks.ts).
--
-- Measured with auto_explain in the scale-out benchmark (4 teams' jobs of
-- 2,000-5,000 queued tasks each, 100 tasks a claim), three reads grew with
-- the queue or with the tasks that had gone through it, not with the claim:
--
-- * A claim counted its team's active tasks through tasks_lease, keyed by
--   lease expiry: a bitmap scan of every team's active tasks and of every
--   entry a finished task left there until vacuum (~11,000 entries, ~680
--   buffers a call). tasks_active holds them by team and job; read in a plain
--   index scan, which marks the entries of finished tasks dead as it passes
--   them, so the next claim skips them without visiting the table. Without
--   deduplication, as a posting list is only marked dead once all its tasks are.
--   Its predicate names team_id so that only look-ups by team can use it (a
--   team_id = ... implies it): the lapsed-lease probe, planned while the table
--   was empty, took it over tasks_lease in some sessions and read every
--   active task on every claim.
-- * A job's candidates were read through tasks_job and sorted: the kept
--   generic plan, made while the queue was short, expected one row, and read
--   every queued task of the job (2,000 rows, ~12 ms) to take a few. Ordered
--   as tasks_queued_job / tasks_queued_no_job, the scan stops at the LIMIT.
-- * A completion settled its jobs by probing tasks_job for queued and active
--   tasks: counts first now (trawl_complete below).
CREATE INDEX tasks_active ON tasks(team_id, job_id) WITH (deduplicate_items = off) WHERE state = 'active' AND team_id IS NOT NULL;
-- Likewise only look-ups by lease expiry can use tasks_lease (every active task
-- has a lease): in some sessions the claim's count, planned while the table was
-- empty, took it over tasks_active.
DROP INDEX tasks_lease;
CREATE INDEX tasks_lease ON tasks(lease_expires_at) WHERE state = 'active' AND lease_expires_at IS NOT NULL;

CREATE OR REPLACE FUNCTION trawl_claim_locked(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
RETURNS TABLE (
  id TEXT, kind TEXT, team_id TEXT, job_id TEXT, payload TEXT, state TEXT, attempts INTEGER, max_attempts INTEGER,
  run_after TEXT, lease_owner TEXT, lease_token TEXT, lease_expires_at TEXT, cancel_requested_at TEXT, result TEXT,
  error TEXT, created_at TEXT, started_at TEXT, finished_at TEXT, claim_order BIGINT
)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
-- The active count must be a plain index scan (above): a bitmap scan marks nothing dead.
SET enable_bitmapscan = off
AS $$
#variable_conflict use_column
DECLARE
  ids text[];
BEGIN
  WITH RECURSIVE
    lim AS (SELECT l.team_id, l.lim FROM json_to_recordset(p_limits) AS l(team_id text, lim int)),
    -- Counted off tasks_active, one probe a team (see above): joined instead, the
    -- planner scanned every team's active tasks for the 100 rows it expects of lim.
    team_free AS (
      SELECT l.team_id, (l.lim - (SELECT COUNT(*) FROM tasks t WHERE t.state = 'active' AND t.team_id = l.team_id))::int AS free FROM lim l),
    -- The jobs with queued work of each team that has room, one index probe per job. Ordered
    -- as tasks_queued_job is: in job order alone the planner walked tasks_job, every team's
    -- queued tasks, to find this team's first job (~1 ms a team with 4 teams of 1,000).
    job_q(team_id, job_id) AS (
      SELECT f.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = f.team_id AND t.job_id IS NOT NULL
                          ORDER BY t.team_id, t.job_id, t.run_after, t.seq LIMIT 1)
        FROM team_free f WHERE f.free > 0
      UNION ALL
      SELECT q.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = q.team_id AND t.job_id > q.job_id
                          ORDER BY t.team_id, t.job_id, t.run_after, t.seq LIMIT 1)
        FROM job_q q WHERE q.job_id IS NOT NULL),
    -- A job's active tasks are counted only when it has a limit.
    job_room AS (
      SELECT q.team_id, q.job_id,
             CASE WHEN j.max_concurrency IS NOT NULL THEN (j.max_concurrency - (SELECT COUNT(*) FROM tasks t
                WHERE t.state = 'active' AND t.team_id = q.team_id AND t.job_id = q.job_id))::int END AS room
        FROM job_q q JOIN jobs j ON j.id = q.job_id),
    -- A group offers no more than its team and job have room for, read in the
    -- order of tasks_queued_job / tasks_queued_no_job so that the scan stops
    -- after them (see above).
    cand AS (
      SELECT g.team_id, g.job_id, g.room, c.id, c.run_after, c.seq
        FROM job_room g JOIN team_free f ON f.team_id = g.team_id CROSS JOIN LATERAL (
          SELECT t.id, t.run_after, t.seq FROM tasks t
           WHERE t.state = 'queued' AND t.team_id = g.team_id AND t.job_id = g.job_id AND t.run_after <= p_now AND t.kind = ANY(p_kinds)
           ORDER BY t.team_id, t.job_id, t.run_after, t.seq LIMIT LEAST(p_max, f.free, g.room)) c
       WHERE g.room IS NULL OR g.room > 0
      UNION ALL
      SELECT f.team_id, NULL, NULL, c.id, c.run_after, c.seq
        FROM team_free f CROSS JOIN LATERAL (
          SELECT t.id, t.run_after, t.seq FROM tasks t
           WHERE t.state = 'queued' AND t.team_id = f.team_id AND t.job_id IS NULL AND t.run_after <= p_now AND t.kind = ANY(p_kinds)
           ORDER BY t.team_id, t.run_after, t.seq LIMIT LEAST(p_max, f.free)) c
       WHERE f.free > 0),
    -- Round r of a group offers its r-th task; rounds are served oldest group head first.
    ranked AS (
      SELECT c.team_id, c.id, c.room,
             row_number() OVER w AS round, first_value(c.run_after) OVER w AS head_at, first_value(c.seq) OVER w AS head_seq
        FROM cand c
      WINDOW w AS (PARTITION BY c.team_id, c.job_id ORDER BY c.run_after, c.seq)),
    in_team AS (
      SELECT r.*, row_number() OVER (PARTITION BY r.team_id ORDER BY r.round, r.head_at, r.head_seq) AS nth
        FROM ranked r WHERE r.room IS NULL OR r.round <= r.room),
    chosen AS (
      SELECT i.id, i.round, i.head_at, i.head_seq
        FROM in_team i JOIN team_free f ON f.team_id = i.team_id
       WHERE i.nth <= f.free
       ORDER BY i.round, i.head_at, i.head_seq LIMIT p_max)
  SELECT array_agg(chosen.id ORDER BY chosen.round, chosen.head_at, chosen.head_seq) INTO ids FROM chosen;
  IF ids IS NULL THEN RETURN; END IF;
  -- Taken by primary key. The state is checked again (a cancel may have dropped
  -- a chosen task since) in a form no index answers: a plan kept from when the
  -- queue looked short would otherwise read every queued task to find a few.
  RETURN QUERY
  WITH claimed AS (
    UPDATE tasks SET state = 'active', attempts = tasks.attempts + 1, lease_owner = p_owner, lease_token = gen_random_uuid()::text,
           lease_expires_at = p_expires, started_at = p_now
     WHERE tasks.id = ANY(ids) AND (tasks.state = 'queued') IS TRUE
    RETURNING tasks.id, tasks.kind, tasks.team_id, tasks.job_id, tasks.payload, tasks.state, tasks.attempts, tasks.max_attempts,
              tasks.run_after, tasks.lease_owner, tasks.lease_token, tasks.lease_expires_at, tasks.cancel_requested_at, tasks.result,
              tasks.error, tasks.created_at, tasks.started_at, tasks.finished_at, array_position(ids, tasks.id)::bigint AS ord)
  SELECT * FROM claimed ORDER BY claimed.ord;
END;
$$;

CREATE OR REPLACE FUNCTION trawl_complete(p_ids text[], p_tokens text[], p_results text[], p_now text, p_expires text)
RETURNS TABLE (id TEXT)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  done_ids text[];
  job_ids text[];
BEGIN
  -- A task's job never changes, so it is read before the job is locked.
  PERFORM 1 FROM jobs j
   WHERE j.id IN (SELECT t.job_id FROM tasks t WHERE t.id = ANY(p_ids) AND t.job_id IS NOT NULL)
   ORDER BY j.id FOR UPDATE OF j;
  -- The state is tested in a form no index answers: rows are found by primary
  -- key, or a plan made before the table's statistics would scan every active task.
  WITH done AS (
    UPDATE tasks SET state = 'completed', result = d.result, error = NULL, finished_at = p_now, lease_token = NULL, lease_expires_at = NULL
      FROM unnest(p_ids, p_tokens, p_results) AS d(id, token, result)
     WHERE tasks.id = d.id AND tasks.lease_token = d.token AND (tasks.state = 'active') IS TRUE
    RETURNING tasks.id, tasks.job_id),
  counted AS (
    UPDATE jobs SET completed = jobs.completed + c.n
      FROM (SELECT done.job_id, COUNT(*) AS n FROM done WHERE done.job_id IS NOT NULL GROUP BY done.job_id) c
     WHERE jobs.id = c.job_id
    RETURNING jobs.id)
  SELECT array_agg(done.id), (SELECT array_agg(counted.id) FROM counted) INTO done_ids, job_ids FROM done;
  IF done_ids IS NULL THEN RETURN; END IF;
  -- A job ends once nothing of it is queued or active; one of its tasks just
  -- completed, so it ends completed (src/store/sql/tasks.ts, SETTLE).
  IF job_ids IS NOT NULL THEN
    -- The counts come first: tasks end (as completed or failed) only in the
    -- statements that count them into their job, so a running job whose counts
    -- fall short of its total has work left, and only the call of its last
    -- tasks probes tasks_job. A probe walks the entries every claimed or
    -- finished task left in (job, state) until vacuum removes them: ~1,000
    -- buffers a call with 4 jobs of 5,000 queued tasks, a quarter of what a
    -- task claimed and completed cost PostgreSQL. One probe of tasks_job a
    -- state: with IN, the planner read the job's finished tasks too.
    UPDATE jobs SET status = 'completed', completed_at = p_now, expires_at = p_expires
     WHERE jobs.id = ANY(job_ids) AND jobs.status = 'running'
       AND jobs.completed + jobs.failed >= jobs.total
       AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'queued')
       AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.job_id = jobs.id AND t.state = 'active');
  END IF;
  RETURN QUERY SELECT u.id FROM unnest(done_ids) AS u(id);
END;
$$;
