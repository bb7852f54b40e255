-- Team limits read with the claim (src/store/sql/tasks.ts).
--
-- A Trawl process holds each team to its plan's concurrency, read at every
-- claim so that a plan changed with the CLI applies to work already queued.
-- It was read by one query a waiting team before each call of trawl_claim_due
-- (017), which takes the limits: with 4 teams waiting, 5 round trips a claim,
-- and the plan reads cost the workers and PostgreSQL ~20% of a task claimed
-- and completed in the scale-out benchmark. A plan's limit does not change
-- while a process runs, a team's plan may: the caller passes the limits of the
-- plans it has met, and this gives trawl_claim_due, in the same statement, the
-- limits of the teams named (those waiting at the caller's last claim) as
-- their plans give them now, in the order named. A team whose plan p_plans
-- does not name is left out (trawl_claim_due then names it, and the caller
-- learns its plan's limit); p_no_team is the limit of a team with no row
-- (NULL until the caller has learned it).
CREATE FUNCTION trawl_plan_limits(p_teams text[], p_plans json, p_no_team int)
RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT COALESCE(json_agg(json_build_object('team_id', u.team_id, 'lim', l.lim) ORDER BY u.i), '[]')
    FROM unnest(p_teams) WITH ORDINALITY AS u(team_id, i)
    LEFT JOIN teams tm ON tm.id = u.team_id
    CROSS JOIN LATERAL (SELECT CASE WHEN tm.id IS NULL THEN p_no_team ELSE (p_plans ->> tm.plan)::int END AS lim) l
   WHERE l.lim IS NOT NULL
$$;
