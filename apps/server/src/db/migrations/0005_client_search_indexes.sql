-- Custom SQL migration file, put your code below! --
-- Placeholder until its indexes are written; a migration must run at least one statement.
SELECT 1;
