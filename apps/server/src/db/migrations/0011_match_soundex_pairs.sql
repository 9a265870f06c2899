-- Custom SQL migration file, put your code below! --
-- Duplicate and conflict matching (each check p95 ≤ 100 ms at 1,000,000 clients, docs/budgets.md): the typo
-- arms look for a person whose first and last names both have the typed names' soundex codes, straight or
-- swapped. With one index per name that was a bitmap AND of two wide scans (a common code has 5-10k clients at
-- a million: 1.5-4.6 ms per arm); one index on the pair answers both orders with a single narrow lookup. The
-- single-name soundex indexes of 0005 stay for search.
CREATE INDEX IF NOT EXISTS "clients_match_soundex_pair_idx" ON "clients" (soundex(lower("first_name")), soundex(lower("last_name"))) WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_soundex_pair_idx" ON "inquiry_opposing_parties" (soundex(lower("first_name")), soundex(lower("last_name")));
