-- Plans kept for the whole session (src/store/sql/tasks.ts). Building a
-- statement's plan cost more than running it, on every claim and every batch
-- of completions:
-- * trawl_plan_limits (020) was LANGUAGE sql, whose query PostgreSQL parses
--   and plans again at every call; in PL/pgSQL its plan is kept.
-- * trawl_complete's statements take arrays of ids: PL/pgSQL re-planned them
--   for each call's values (a custom plan) where one plan serves any batch.
--   Their rows are found by primary key whatever the batch holds.
CREATE OR REPLACE FUNCTION trawl_plan_limits(p_teams text[], p_plans json, p_no_team int)
RETURNS json
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
    SELECT COALESCE(json_agg(json_build_object('team_id', u.team_id, 'lim', l.lim) ORDER BY u.i), '[]')
      FROM unnest(p_teams) WITH ORDINALITY AS u(team_id, i)
      LEFT JOIN teams tm ON tm.id = u.team_id
      CROSS JOIN LATERAL (SELECT CASE WHEN tm.id IS NULL THEN p_no_team ELSE (p_plans ->> tm.plan)::int END AS lim) l
     WHERE l.lim IS NOT NULL);
END;
$$;

ALTER FUNCTION trawl_complete(text[], text[], text[], text, text) SET plan_cache_mode = force_generic_plan;
