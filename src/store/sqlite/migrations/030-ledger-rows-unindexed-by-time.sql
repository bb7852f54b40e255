-- No query reads ledger rows by team and time: the credit check and the usage
-- endpoints read ledger_months, which the trigger keeps. The index only cost a
-- write with every charge, one a crawled page. Teams are never deleted, so no
-- cascade needs it either (a manual DELETE of a team scans the ledger once).
DROP INDEX ledger_team_time;
