-- A claim passes over the teams already at their limit without taking their
-- claim lock (src/store/sql/tasks.ts; trawl_claim of 018 otherwise).
--
-- With several processes, most teams are at their limit when a process claims
-- (the other processes hold their slots): trawl_claim took each such team's
-- lock, counted its active tasks inside trawl_claim_locked's large statement and
-- claimed nothing, then held that lock until its call ended, so the process that
-- had just freed the team's slots found it locked, skipped it and claimed
-- nothing or waited. A team is now counted first, without its lock: one at its
-- limit is passed over. The count is a hint only: the limit is enforced under
-- the lock, in trawl_claim_locked, as before; a team passed over because the
-- count was a moment old is claimed for by the process that freed its slots,
-- which claims again once their completions are written.
CREATE OR REPLACE FUNCTION trawl_claim(p_limits json, p_now text, p_kinds text[], p_max int, p_owner text, p_expires text)
RETURNS TABLE (
  id TEXT, kind TEXT, team_id TEXT, job_id TEXT, payload TEXT, state TEXT, attempts INTEGER, max_attempts INTEGER,
  run_after TEXT, lease_owner TEXT, lease_token TEXT, lease_expires_at TEXT, cancel_requested_at TEXT, result TEXT,
  error TEXT, created_at TEXT, started_at TEXT, finished_at TEXT, claim_order BIGINT
)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
-- The count reads tasks_active in a plain index scan (see 019).
SET enable_bitmapscan = off
AS $$
#variable_conflict use_column
DECLARE
  entry json;
  taken int := 0;
  n int;
  locked boolean := false;
  busy json;
BEGIN
  FOR entry IN SELECT l.x FROM json_array_elements(p_limits) WITH ORDINALITY AS l(x, i) ORDER BY l.i LOOP
    CONTINUE WHEN (SELECT COUNT(*) FROM tasks t WHERE t.state = 'active' AND t.team_id = entry ->> 'team_id') >= (entry ->> 'lim')::int;
    IF NOT pg_try_advisory_xact_lock(hashtextextended('claim:' || (entry ->> 'team_id'), 0)) THEN
      busy := COALESCE(busy, entry);
      CONTINUE;
    END IF;
    locked := true;
    RETURN QUERY SELECT * FROM trawl_claim_locked(json_build_array(entry), p_now, p_kinds, p_max - taken, p_owner, p_expires);
    GET DIAGNOSTICS n = ROW_COUNT;
    taken := taken + n;
    EXIT WHEN taken >= p_max;
  END LOOP;
  -- Every team with room was being claimed for by another process: wait for the first.
  IF NOT locked AND busy IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('claim:' || (busy ->> 'team_id'), 0));
    RETURN QUERY SELECT * FROM trawl_claim_locked(json_build_array(busy), p_now, p_kinds, p_max, p_owner, p_expires);
  END IF;
END;
$$;
