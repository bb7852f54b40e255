-- The task claim as one call (src/store/sql/tasks.ts). The claim must run
-- under the claim locks of the teams it serves and read the queue after
-- taking them, so that it sees every claim of those teams committed before;
-- a plain statement takes its snapshot before it runs, so the lock used to be
-- a statement of its own in a transaction held open for three more round
-- trips, and processes queued behind it. In a VOLATILE function each statement
-- takes a fresh snapshot: the locks are taken by the first, the claim reads
-- after them, and the call's own transaction ends with the call, so a claim
-- lock is held for the time the database spends claiming and no longer.
--
-- p_limits: [{team_id, lim}] in the order to try the teams. Teams whose lock
-- another process holds are left to it; when all are, the call waits for the
-- first. The claim itself: each (team, job) group's due tasks oldest first,
-- taken in rounds of one per group, the group with the oldest head first,
-- within the team's free slots, the job's max_concurrency and p_max in all
-- (what SQLite's stepwise claim chooses); only p_max rows per group are read,
-- off the indexes of migration 013. Its plan does not depend on the
-- arguments, so one generic plan is kept rather than one planned per call.
CREATE FUNCTION trawl_claim(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
RETURNS TABLE (
  id TEXT, kind TEXT, team_id TEXT, job_id TEXT, payload TEXT, state TEXT, attempts INTEGER, max_attempts INTEGER,
  run_after TEXT, lease_owner TEXT, lease_token TEXT, lease_expires_at TEXT, cancel_requested_at TEXT, result TEXT,
  error TEXT, created_at TEXT, started_at TEXT, finished_at TEXT, claim_order BIGINT
)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  mine json;
  ids text[];
BEGIN
  SELECT json_agg(l.x ORDER BY l.i) INTO mine
    FROM json_array_elements(p_limits) WITH ORDINALITY AS l(x, i)
   WHERE pg_try_advisory_xact_lock(hashtextextended('claim:' || (l.x ->> 'team_id'), 0));
  IF mine IS NULL THEN
    IF json_array_length(p_limits) = 0 THEN RETURN; END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended('claim:' || (p_limits -> 0 ->> 'team_id'), 0));
    mine := json_build_array(p_limits -> 0);
  END IF;
  WITH RECURSIVE
    lim AS (SELECT l.team_id, l.lim FROM json_to_recordset(mine) AS l(team_id text, lim int)),
    act AS (
      SELECT t.team_id, t.job_id, COUNT(*) AS n FROM tasks t
       WHERE t.state = 'active' AND t.team_id IN (SELECT lim.team_id FROM lim) GROUP BY t.team_id, t.job_id),
    team_free AS (
      SELECT l.team_id, l.lim - COALESCE((SELECT SUM(a.n) FROM act a WHERE a.team_id = l.team_id), 0) AS free FROM lim l),
    -- The jobs with queued work of each team that has room, one index probe per job.
    job_q(team_id, job_id) AS (
      SELECT f.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = f.team_id AND t.job_id IS NOT NULL ORDER BY t.job_id LIMIT 1)
        FROM team_free f WHERE f.free > 0
      UNION ALL
      SELECT q.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = q.team_id AND t.job_id > q.job_id ORDER BY t.job_id LIMIT 1)
        FROM job_q q WHERE q.job_id IS NOT NULL),
    job_room AS (
      SELECT q.team_id, q.job_id, j.max_concurrency - COALESCE(a.n, 0) AS room
        FROM job_q q JOIN jobs j ON j.id = q.job_id
        LEFT JOIN act a ON a.team_id = q.team_id AND a.job_id = q.job_id),
    cand AS (
      SELECT g.team_id, g.job_id, g.room, c.id, c.run_after, c.seq
        FROM job_room g CROSS JOIN LATERAL (
          SELECT t.id, t.run_after, t.seq FROM tasks t
           WHERE t.state = 'queued' AND t.team_id = g.team_id AND t.job_id = g.job_id AND t.run_after <= p_now AND t.kind = ANY(p_kinds)
           ORDER BY t.run_after, t.seq LIMIT p_max) c
       WHERE g.room IS NULL OR g.room > 0
      UNION ALL
      SELECT f.team_id, NULL, NULL, c.id, c.run_after, c.seq
        FROM team_free f CROSS JOIN LATERAL (
          SELECT t.id, t.run_after, t.seq FROM tasks t
           WHERE t.state = 'queued' AND t.team_id = f.team_id AND t.job_id IS NULL AND t.run_after <= p_now AND t.kind = ANY(p_kinds)
           ORDER BY t.run_after, t.seq LIMIT p_max) c
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
