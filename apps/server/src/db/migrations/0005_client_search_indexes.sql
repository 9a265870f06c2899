-- Custom SQL migration file, put your code below! --
-- Client search (SPEC §7 POST /client/search): never a sequential scan of clients for a normal query. Its budget
-- (docs/budgets.md): p95 ≤ 50 ms and p99 ≤ 150 ms at 1,000,000 clients on PostgreSQL, p95 ≤ 100 ms at 200,000 on
-- PGlite.
-- Names: btrees on the lower-cased name parts in the "C" collation, so LIKE 'jo%' is an index range on any
-- database collation and a one- or two-letter term pages straight from the index in name order. Partial (live
-- clients only) with office_id and the names included (PostgreSQL reads an expression from an index-only scan
-- only when the columns under it are there too), so counting matches is an index-only scan.
CREATE INDEX IF NOT EXISTS "clients_last_first_name_idx" ON "clients" ((lower("last_name") COLLATE "C"), (lower("first_name") COLLATE "C"), "id") INCLUDE ("office_id", "first_name", "last_name") WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_first_last_name_idx" ON "clients" ((lower("first_name") COLLATE "C"), (lower("last_name") COLLATE "C"), "id") INCLUDE ("office_id", "first_name", "last_name") WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
-- The fuzzy fallback of a one-word term: a trigram GiST on "first last" answers `%` and orders by `<->` distance
-- (best first) straight from the index; the planner does not pick a GIN for `%` on the full name.
CREATE INDEX IF NOT EXISTS "clients_full_name_trgm_idx" ON "clients" USING gist ((lower("first_name" || ' ' || "last_name")) gist_trgm_ops);
--> statement-breakpoint
-- Sound-alike words (fuzzystrmatch soundex), so a typo in a whole name word is still found.
CREATE INDEX IF NOT EXISTS "clients_first_name_soundex_idx" ON "clients" (soundex(lower("first_name")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_last_name_soundex_idx" ON "clients" (soundex(lower("last_name")));
--> statement-breakpoint
-- Email: prefix btree, and trigram GIN for a fragment typed with its @ ("smithers@").
CREATE INDEX IF NOT EXISTS "clients_email_prefix_idx" ON "clients" (lower("email") text_pattern_ops);
--> statement-breakpoint
-- fastupdate off: rows go straight into the index rather than a pending list that only VACUUM flushes (PGlite has
-- no autovacuum), so the planner never sees a bloated pending list and falls back to a sequential scan.
CREATE INDEX IF NOT EXISTS "clients_email_trgm_idx" ON "clients" USING gin ((lower("email")) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- LMS and Needles client numbers: exact or prefix.
CREATE INDEX IF NOT EXISTS "clients_lms_number_prefix_idx" ON "clients" (lower("lms_client_number") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_needles_number_prefix_idx" ON "clients" (lower("needles_client_number") text_pattern_ops);
--> statement-breakpoint
-- Phones are stored as digits (SPEC §5); reversed, a suffix ("last 4+ digits") becomes an indexable prefix.
CREATE INDEX IF NOT EXISTS "clients_primary_number_rev_idx" ON "clients" (reverse("primary_number") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_secondary_number_rev_idx" ON "clients" (reverse("secondary_number") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_mobile_number_rev_idx" ON "clients" (reverse("mobile_number") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_home_number_rev_idx" ON "clients" (reverse("home_number") text_pattern_ops);
--> statement-breakpoint
-- Two-word names with one typo: the mistyped word by sound, the other as a prefix, both from one index range.
CREATE INDEX IF NOT EXISTS "clients_last_soundex_first_idx" ON "clients" (soundex(lower("last_name")), (lower("first_name") COLLATE "C")) WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_first_soundex_last_idx" ON "clients" (soundex(lower("first_name")), (lower("last_name") COLLATE "C")) WHERE "merged_into_id" IS NULL;
