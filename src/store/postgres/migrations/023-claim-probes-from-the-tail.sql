-- Claims find the teams and jobs with queued work from the newest queued task
-- down, not from the oldest up (src/store/sql/tasks.ts).
--
-- A claim turns the oldest queued tasks of a job active: each leaves its entry
-- in tasks_queued_job / tasks_queued_no_job (013) until a later scan finds it
-- dead to every transaction and marks it, or vacuum removes it. Probes that
-- asked for a team's (or a job's) first queued task walked those entries, a
-- heap visit each, at the head of every team: in the scale-out benchmark the
-- waiting-teams probe of trawl_claim_due (017) read ~420 buffers a claim with
-- 1 worker process and ~690 with 4 (whose claims leave more entries no scan
-- may mark yet), ~11 of the ~65 buffers a task claimed and completed cost at 4
-- (auto_explain, 20,000 tasks). The newest queued task is where work is
-- added, which no claim has touched. Which team or job comes first does not
-- matter to either: the teams' order is the caller's, and a team's jobs are
-- served by the age of their oldest queued task, read as before.

CREATE OR REPLACE FUNCTION trawl_claim_due(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
RETURNS TABLE (
  id TEXT, kind TEXT, team_id TEXT, job_id TEXT, payload TEXT, state TEXT, attempts INTEGER, max_attempts INTEGER,
  run_after TEXT, lease_owner TEXT, lease_token TEXT, lease_expires_at TEXT, cancel_requested_at TEXT, result TEXT,
  error TEXT, created_at TEXT, started_at TEXT, finished_at TEXT, claim_order BIGINT
)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  waiting text[];
  passed text[];
  unlimited text[];
  mine json;
BEGIN
  IF EXISTS (SELECT 1 FROM tasks t WHERE t.state = 'active' AND t.lease_expires_at <= p_now) THEN
    RETURN QUERY SELECT NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, 'lapsed'::text, NULL::int, NULL::int, NULL::text,
                        NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint;
    RETURN;
  END IF;
  -- One index probe per waiting team: queued work is held in two partial
  -- indexes (013), with and without a job, and the next team is the greater
  -- one below. Read from the top (see above).
  WITH RECURSIVE w(team_id) AS (
    SELECT GREATEST((SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NULL ORDER BY t.team_id DESC LIMIT 1),
                    (SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NOT NULL ORDER BY t.team_id DESC LIMIT 1))
    UNION ALL
    SELECT GREATEST((SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NULL AND t.team_id < w.team_id ORDER BY t.team_id DESC LIMIT 1),
                    (SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NOT NULL AND t.team_id < w.team_id ORDER BY t.team_id DESC LIMIT 1))
      FROM w WHERE w.team_id IS NOT NULL)
  SELECT array_agg(w.team_id) INTO waiting FROM w WHERE w.team_id IS NOT NULL;
  waiting := COALESCE(waiting, '{}');
  SELECT COALESCE(array_agg(l.x ->> 'team_id'), '{}') INTO passed FROM json_array_elements(p_limits) AS l(x);
  SELECT array_agg(u.team_id) INTO unlimited FROM unnest(waiting) AS u(team_id) WHERE u.team_id <> ALL (passed);
  IF unlimited IS NOT NULL THEN
    RETURN QUERY SELECT NULL::text, NULL::text, u.team_id, NULL::text, NULL::text, 'unlimited'::text, NULL::int, NULL::int, NULL::text,
                        NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint
                   FROM unnest(unlimited) AS u(team_id);
    RETURN;
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::text, p.team_id, NULL::text, NULL::text, 'idle'::text, NULL::int, NULL::int, NULL::text,
                      NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::bigint
                 FROM unnest(passed) AS p(team_id) WHERE p.team_id <> ALL (waiting);
  SELECT json_agg(l.x ORDER BY l.i) INTO mine
    FROM json_array_elements(p_limits) WITH ORDINALITY AS l(x, i)
   WHERE (l.x ->> 'team_id') = ANY (waiting);
  IF mine IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM trawl_claim(mine, p_now, p_kinds, p_max, p_owner, p_expires);
END;
$$;

CREATE OR REPLACE FUNCTION trawl_claim_locked(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
RETURNS TABLE (
  id TEXT, kind TEXT, team_id TEXT, job_id TEXT, payload TEXT, state TEXT, attempts INTEGER, max_attempts INTEGER,
  run_after TEXT, lease_owner TEXT, lease_token TEXT, lease_expires_at TEXT, cancel_requested_at TEXT, result TEXT,
  error TEXT, created_at TEXT, started_at TEXT, finished_at TEXT, claim_order BIGINT
)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
-- The active count must be a plain index scan (019): a bitmap scan marks nothing dead.
SET enable_bitmapscan = off
AS $$
#variable_conflict use_column
DECLARE
  ids text[];
BEGIN
  WITH RECURSIVE
    lim AS (SELECT l.team_id, l.lim FROM json_to_recordset(p_limits) AS l(team_id text, lim int)),
    -- Counted off tasks_active, one probe a team (see 019): joined instead, the
    -- planner scanned every team's active tasks for the 100 rows it expects of lim.
    team_free AS (
      SELECT l.team_id, (l.lim - (SELECT COUNT(*) FROM tasks t WHERE t.state = 'active' AND t.team_id = l.team_id))::int AS free FROM lim l),
    -- The jobs with queued work of each team that has room, one index probe per
    -- job, from the team's last job down, each read from its newest task (see above).
    job_q(team_id, job_id) AS (
      SELECT f.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = f.team_id AND t.job_id IS NOT NULL
                          ORDER BY t.team_id DESC, t.job_id DESC, t.run_after DESC, t.seq DESC LIMIT 1)
        FROM team_free f WHERE f.free > 0
      UNION ALL
      SELECT q.team_id, (SELECT t.job_id FROM tasks t WHERE t.state = 'queued' AND t.team_id = q.team_id AND t.job_id < q.job_id
                          ORDER BY t.team_id DESC, t.job_id DESC, t.run_after DESC, t.seq DESC LIMIT 1)
        FROM job_q q WHERE q.job_id IS NOT NULL),
    -- A job's active tasks are counted only when it has a limit.
    job_room AS (
      SELECT q.team_id, q.job_id,
             CASE WHEN j.max_concurrency IS NOT NULL THEN (j.max_concurrency - (SELECT COUNT(*) FROM tasks t
                WHERE t.state = 'active' AND t.team_id = q.team_id AND t.job_id = q.job_id))::int END AS room
        FROM job_q q JOIN jobs j ON j.id = q.job_id),
    -- A group offers no more than its team and job have room for, read in the
    -- order of tasks_queued_job / tasks_queued_no_job so that the scan stops
    -- after them (see 019).
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
