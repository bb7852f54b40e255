-- Nothing to do in SQLite, which reads the waiting teams' plans statement by
-- statement under its single writer. The file keeps both dialects' migration
-- lists alike (PostgreSQL's 020 reads the teams' plans in the claim's statement).
SELECT 1;
