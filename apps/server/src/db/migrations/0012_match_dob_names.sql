-- Custom SQL migration file, put your code below! --
-- Duplicate and conflict matching: the date of birth is a way in. The near-date arm looks up the dates one slip
-- off the typed one (about 45: a digit changed, neighbouring digits swapped, day and month swapped), some 1,700 people
-- at a million clients, and keeps those whose initials agree with the typed names. With the id and names in the
-- index that filter runs on index entries alone (an index-only scan, about 0.5 ms), never on heap rows. (The
-- initials as a second key made no faster plan: PostgreSQL 15 prefers the date alone and filters.) The exact-date
-- arm uses the same index, so the plain date index of 0007 goes.
CREATE INDEX IF NOT EXISTS "clients_match_dob_names_idx" ON "clients" ("date_of_birth") INCLUDE ("id", "first_name", "last_name") WHERE "merged_into_id" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "clients_match_dob_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inquiry_opposing_parties_dob_names_idx" ON "inquiry_opposing_parties" ("date_of_birth") INCLUDE ("id", "first_name", "last_name");
--> statement-breakpoint
DROP INDEX IF EXISTS "inquiry_opposing_parties_dob_idx";
