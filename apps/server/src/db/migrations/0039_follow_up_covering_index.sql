-- Custom SQL migration file, put your code below! --
-- The follow-up index also carries what the all-accounts totals sum (and the columns a filter narrows by), so
-- "follow-ups past" counts and sums by an index-only scan of the rows due instead of every account (the filter
-- depends on today, so the running totals cannot answer it). Same name and key as drizzle's definition.
DROP INDEX IF EXISTS "collection_accounts_follow_up_idx";
--> statement-breakpoint
CREATE INDEX "collection_accounts_follow_up_idx" ON "collection_accounts" USING btree ("follow_up_date","account_number") INCLUDE ("office_id","status","collector_id","term_id","original_cents","paid_cents","adjustments_cents");
