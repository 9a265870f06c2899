-- Custom SQL migration file, put your code below! --
-- Duplicate and conflict matching (/client/duplicate, /inquiry/duplicate, /inquiry/potentialConflicts): each check
-- p95 ≤ 100 ms at 1,000,000 clients on PostgreSQL (docs/budgets.md), never a sequential scan.
-- Candidates are found only through indexes, each with a LIMIT, and only those candidates are scored (trigram
-- similarity is measured on the candidates only: a trigram index search of the full name took ~190 ms at 1M clients).
-- Reused from 0005 (not repeated here): the soundex indexes of first and last name (typos), lower(email) and lower(lms_client_number)
-- text_pattern_ops btrees (equality works on them too) and the reversed-phone btrees (reverse(x) = reverse(y) is an
-- exact phone match).
-- Sound-alike: fuzzystrmatch's dmetaphone is IMMUTABLE (on PGlite as on PostgreSQL), so it can be indexed. Last and
-- first name codes together are selective enough to look up a person by sound, nicknames (by each nickname's code)
-- and swapped order (the codes the other way round) with one index. Tombstones (merged away) are never candidates.
CREATE INDEX IF NOT EXISTS "clients_match_dmetaphone_idx" ON "clients" (dmetaphone("last_name"), dmetaphone("first_name")) WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
-- A typo in one name: the other name exactly and this one's first letters, one range scan either way round.
CREATE INDEX IF NOT EXISTS "clients_match_last_first_idx" ON "clients" (lower("last_name"), lower("first_name") text_pattern_ops) WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_match_first_last_idx" ON "clients" (lower("first_name"), lower("last_name") text_pattern_ops) WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clients_match_dob_idx" ON "clients" ("date_of_birth") WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
-- Opposing parties of inquiries: the same signals, for the conflict check.
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_dmetaphone_idx" ON "inquiry_opposing_parties" (dmetaphone("last_name"), dmetaphone("first_name"));
--> statement-breakpoint
-- Typos: soundex of each name part (as clients_*_name_soundex_idx of 0005); both codes equal is a bitmap AND.
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_first_name_soundex_idx" ON "inquiry_opposing_parties" (soundex(lower("first_name")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_last_name_soundex_idx" ON "inquiry_opposing_parties" (soundex(lower("last_name")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_last_first_idx" ON "inquiry_opposing_parties" (lower("last_name"), lower("first_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_first_last_idx" ON "inquiry_opposing_parties" (lower("first_name"), lower("last_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_phone_idx" ON "inquiry_opposing_parties" ("phone_number");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_dob_idx" ON "inquiry_opposing_parties" ("date_of_birth");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_lms_number_idx" ON "inquiry_opposing_parties" (lower("lms_client_number"));
