-- Collections accounts page: running totals per office, status, collector and term, kept by statement
-- triggers on collection_accounts (so the page's totals and count read a few thousand rows, not every account),
-- and the indexes a page in its default order (follow-up date, then account number) reads, for the firm, one
-- office and one collector.
CREATE TABLE "collection_account_totals" (
	"office_id" uuid NOT NULL,
	"status" text NOT NULL,
	"collector_id" uuid,
	"term_id" uuid,
	"accounts" bigint NOT NULL,
	"original_cents" bigint NOT NULL,
	"paid_cents" bigint NOT NULL,
	"adjustments_cents" bigint NOT NULL,
	CONSTRAINT "collection_account_totals_key" UNIQUE NULLS NOT DISTINCT("office_id","status","collector_id","term_id")
);
--> statement-breakpoint
DROP INDEX "collection_accounts_follow_up_idx";--> statement-breakpoint
CREATE INDEX "collection_accounts_office_follow_up_idx" ON "collection_accounts" USING btree ("office_id","follow_up_date","account_number");--> statement-breakpoint
CREATE INDEX "collection_accounts_collector_follow_up_idx" ON "collection_accounts" USING btree ("collector_id","follow_up_date","account_number");--> statement-breakpoint
CREATE INDEX "collection_accounts_follow_up_idx" ON "collection_accounts" USING btree ("follow_up_date","account_number");
--> statement-breakpoint
CREATE FUNCTION collection_account_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update moves accounts between keys or changes their figures (a payment's trigger moves paid_cents): the
  -- new rows count where they belong, the old ones leave where they were; keys whose net change is nothing are
  -- skipped, so an update of other columns (a follow-up date) writes no totals row.
  WITH delta AS (
    SELECT office_id, status, collector_id, term_id, 1 AS accounts, original_cents, paid_cents, adjustments_cents
      FROM new_rows
    UNION ALL
    SELECT office_id, status, collector_id, term_id, -1, -original_cents, -paid_cents, -adjustments_cents
      FROM old_rows)
  INSERT INTO collection_account_totals AS t (office_id, status, collector_id, term_id, accounts, original_cents,
                                              paid_cents, adjustments_cents)
  SELECT office_id, status, collector_id, term_id, sum(accounts), sum(original_cents), sum(paid_cents),
         sum(adjustments_cents)
  FROM delta GROUP BY 1, 2, 3, 4
  HAVING sum(accounts) <> 0 OR sum(original_cents) <> 0 OR sum(paid_cents) <> 0 OR sum(adjustments_cents) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT collection_account_totals_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, original_cents = t.original_cents + excluded.original_cents,
        paid_cents = t.paid_cents + excluded.paid_cents,
        adjustments_cents = t.adjustments_cents + excluded.adjustments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION collection_account_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_account_totals AS t (office_id, status, collector_id, term_id, accounts, original_cents,
                                              paid_cents, adjustments_cents)
  SELECT office_id, status, collector_id, term_id, count(*), sum(original_cents), sum(paid_cents),
         sum(adjustments_cents)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT collection_account_totals_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, original_cents = t.original_cents + excluded.original_cents,
        paid_cents = t.paid_cents + excluded.paid_cents,
        adjustments_cents = t.adjustments_cents + excluded.adjustments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_accounts_totals_insert AFTER INSERT ON collection_accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_account_totals_add();
--> statement-breakpoint
CREATE TRIGGER collection_accounts_totals_update AFTER UPDATE ON collection_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION collection_account_totals_move();
--> statement-breakpoint
-- Accounts are never deleted by the app; should one be, its figures leave the totals.
CREATE FUNCTION collection_account_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_account_totals AS t (office_id, status, collector_id, term_id, accounts, original_cents,
                                              paid_cents, adjustments_cents)
  SELECT office_id, status, collector_id, term_id, -count(*), -sum(original_cents), -sum(paid_cents),
         -sum(adjustments_cents)
  FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT collection_account_totals_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, original_cents = t.original_cents + excluded.original_cents,
        paid_cents = t.paid_cents + excluded.paid_cents,
        adjustments_cents = t.adjustments_cents + excluded.adjustments_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_accounts_totals_delete AFTER DELETE ON collection_accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION collection_account_totals_remove();
--> statement-breakpoint
-- The accounts so far.
INSERT INTO collection_account_totals (office_id, status, collector_id, term_id, accounts, original_cents, paid_cents,
                                       adjustments_cents)
SELECT office_id, status, collector_id, term_id, count(*), sum(original_cents), sum(paid_cents), sum(adjustments_cents)
FROM collection_accounts GROUP BY 1, 2, 3, 4;
