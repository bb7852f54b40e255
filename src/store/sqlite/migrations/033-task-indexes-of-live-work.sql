-- A task's row changes state twice in its life (queued -> active -> completed), and every
-- index holding the state moved its entry each time: tasks_claim and tasks_team held every
-- task ever run, tasks_team under the team's id and the state, so each move landed on another
-- leaf. The claim reads only queued and active tasks, so tasks_claim now holds those alone
-- (a finished task leaves it, and it stays as small as the work in flight). tasks_team
-- answered only a team's last success (its counts of queued and active work read tasks_claim):
-- completed tasks alone, in the order they finish, so each finish appends to the team's end.
DROP INDEX tasks_claim;
CREATE INDEX tasks_claim ON tasks(state, team_id, job_id, run_after) WHERE state = 'queued' OR state = 'active';
DROP INDEX tasks_team;
CREATE INDEX tasks_team_completed ON tasks(team_id, finished_at) WHERE state = 'completed';
