-- The whole claim in one round trip (src/store/sql/tasks.ts). A claim used to
-- cost three: a probe for lapsed leases, the waiting teams (whose limits the
-- caller reads from its plans), then trawl_claim (014). Each costs both sides
-- CPU whatever it answers, and with more processes each claim takes fewer
-- tasks, so the per-claim cost is what grows a task's cost with processes.
--
-- The caller passes the limits of the teams that were waiting at its last
-- claim; the limits themselves are read fresh for every call. Rows with a
-- NULL id tell the caller what the call could not do by itself:
--   state 'lapsed':    a lease has lapsed; nothing was claimed. The caller
--                      takes such tasks back (their job's row locked first,
--                      outside any claim lock) and calls again.
--   state 'unlimited': team_id waits for work and no limit was passed for
--                      it; nothing was claimed. The caller reads its limit
--                      and calls again.
--   state 'idle':      team_id was passed but has nothing queued; the
--                      caller stops reading its limit.
-- Otherwise the claim is trawl_claim's, among the passed teams that wait.
CREATE FUNCTION trawl_claim_due(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
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
  -- indexes (013), with and without a job, and the next team is the lower.
  WITH RECURSIVE w(team_id) AS (
    SELECT LEAST((SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NULL ORDER BY t.team_id LIMIT 1),
                 (SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NOT NULL ORDER BY t.team_id LIMIT 1))
    UNION ALL
    SELECT LEAST((SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NULL AND t.team_id > w.team_id ORDER BY t.team_id LIMIT 1),
                 (SELECT t.team_id FROM tasks t WHERE t.state = 'queued' AND t.job_id IS NOT NULL AND t.team_id > w.team_id ORDER BY t.team_id LIMIT 1))
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
