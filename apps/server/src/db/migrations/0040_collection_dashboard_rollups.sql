CREATE TABLE "collection_account_months" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"entries" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "collection_account_months_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "collection_aging_days" (
	"office_id" uuid NOT NULL,
	"collector_id" uuid,
	"aged_on" date NOT NULL,
	"accounts" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	CONSTRAINT "collection_aging_days_key" UNIQUE NULLS NOT DISTINCT("aged_on","office_id","collector_id")
);
--> statement-breakpoint
CREATE TABLE "collection_collected_months" (
	"office_id" uuid NOT NULL,
	"collector_id" uuid,
	"month" date NOT NULL,
	"accounts" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "collection_collected_months_key" UNIQUE NULLS NOT DISTINCT("month","office_id","collector_id")
);
--> statement-breakpoint
CREATE TABLE "collection_promise_days" (
	"office_id" uuid NOT NULL,
	"collector_id" uuid,
	"due_date" date NOT NULL,
	"kept" bigint NOT NULL,
	"missed" bigint NOT NULL,
	CONSTRAINT "collection_promise_days_key" UNIQUE NULLS NOT DISTINCT("due_date","office_id","collector_id")
);
--> statement-breakpoint
ALTER TABLE "collection_account_totals" DROP CONSTRAINT "collection_account_totals_key";--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD COLUMN "plan_status" text;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD COLUMN "plan_missed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_account_totals" ADD COLUMN "plan_status" text;--> statement-breakpoint
ALTER TABLE "collection_account_totals" ADD COLUMN "plan_missed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_account_totals" ADD COLUMN "owing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_account_totals" ADD CONSTRAINT "collection_account_totals_key" UNIQUE NULLS NOT DISTINCT("office_id","status","collector_id","term_id","plan_status","plan_missed","owing");--> statement-breakpoint
-- Collections dashboard: every account figure from running totals instead of a pass over every account and
-- payment (docs/collections-dashboard.md, "How the figures are read"). The totals gain the plan state and whether
-- the account still owes a cent; the aging days, the collected months and the settled promises are new. All are
-- kept by statement triggers in the writing transaction; the app never writes them.
--
-- The accounts' plan state: the open plan's status and whether it has a missed instalment. Every writer of plans
-- and instalments locks the account first (the plan services and the plan day), so these updates wait for nobody.
CREATE FUNCTION collection_account_plan_sync(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE collection_accounts a
     SET plan_status = s.status, plan_missed = s.missed
    FROM (SELECT x.id, p.status,
                 coalesce((SELECT bool_or(i.status = 'MISSED') FROM payment_plan_instalments i WHERE i.plan_id = p.id),
                          false) AS missed
            FROM unnest(ids) AS x(id)
            LEFT JOIN payment_plans p ON p.account_id = x.id AND p.status IN ('ACTIVE', 'PAUSED')) s
   WHERE a.id = s.id AND (a.plan_status IS DISTINCT FROM s.status OR a.plan_missed IS DISTINCT FROM s.missed)
$$;
--> statement-breakpoint
CREATE FUNCTION payment_plans_sync_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM collection_account_plan_sync(array(SELECT DISTINCT account_id FROM new_rows ORDER BY 1));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_plans_sync_accounts_insert AFTER INSERT ON payment_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_plans_sync_accounts();
--> statement-breakpoint
CREATE TRIGGER payment_plans_sync_accounts_update AFTER UPDATE ON payment_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_plans_sync_accounts();
--> statement-breakpoint
-- Settled promises per office, collector and due date, from instalment rows coming (+1) and going (−1).
CREATE FUNCTION collection_promise_days_apply(added payment_plan_instalments[], removed payment_plan_instalments[])
  RETURNS void LANGUAGE sql AS $$
  WITH delta AS (
    SELECT plan_id, due_date, status, 1 AS sign FROM unnest(added) WHERE status IN ('PAID', 'MISSED')
    UNION ALL
    SELECT plan_id, due_date, status, -1 FROM unnest(removed) WHERE status IN ('PAID', 'MISSED'))
  INSERT INTO collection_promise_days AS t (office_id, collector_id, due_date, kept, missed)
  SELECT a.office_id, a.collector_id, d.due_date,
         coalesce(sum(d.sign) FILTER (WHERE d.status = 'PAID'), 0),
         coalesce(sum(d.sign) FILTER (WHERE d.status = 'MISSED'), 0)
    FROM delta d
    JOIN payment_plans p ON p.id = d.plan_id
    JOIN collection_accounts a ON a.id = p.account_id
   GROUP BY 1, 2, 3
  HAVING coalesce(sum(d.sign) FILTER (WHERE d.status = 'PAID'), 0) <> 0
      OR coalesce(sum(d.sign) FILTER (WHERE d.status = 'MISSED'), 0) <> 0
   ORDER BY 3, 1, 2
  ON CONFLICT ON CONSTRAINT collection_promise_days_key DO UPDATE
    SET kept = t.kept + excluded.kept, missed = t.missed + excluded.missed
$$;
--> statement-breakpoint
CREATE FUNCTION payment_plan_instalments_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_promise_days_apply(array(SELECT ROW(n.*)::payment_plan_instalments FROM new_rows n), '{}');
    PERFORM collection_account_plan_sync(array(
      SELECT DISTINCT p.account_id FROM new_rows n JOIN payment_plans p ON p.id = n.plan_id
       WHERE n.status = 'MISSED' ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    -- A plan's new version replaces instalments not yet settled; should a settled one go, its promise goes too.
    PERFORM collection_promise_days_apply('{}', array(SELECT ROW(o.*)::payment_plan_instalments FROM old_rows o));
    PERFORM collection_account_plan_sync(array(
      SELECT DISTINCT p.account_id FROM old_rows o JOIN payment_plans p ON p.id = o.plan_id
       WHERE o.status = 'MISSED' ORDER BY 1));
  ELSE
    PERFORM collection_promise_days_apply(array(SELECT ROW(n.*)::payment_plan_instalments FROM new_rows n), array(SELECT ROW(o.*)::payment_plan_instalments FROM old_rows o));
    PERFORM collection_account_plan_sync(array(
      SELECT DISTINCT p.account_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN payment_plans p ON p.id = n.plan_id
       WHERE (n.status = 'MISSED') <> (o.status = 'MISSED') ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_plan_instalments_rollups_insert AFTER INSERT ON payment_plan_instalments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_plan_instalments_rollups();
--> statement-breakpoint
CREATE TRIGGER payment_plan_instalments_rollups_update AFTER UPDATE ON payment_plan_instalments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION payment_plan_instalments_rollups();
--> statement-breakpoint
CREATE TRIGGER payment_plan_instalments_rollups_delete AFTER DELETE ON payment_plan_instalments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_plan_instalments_rollups();
--> statement-breakpoint
-- Money collected per account and month, and per office, collector and month (an account counted once a month).
-- Fires after collection_account_paid_add (triggers fire in name order), which has locked the accounts: an
-- account's office and collector cannot change under it.
CREATE FUNCTION collection_collected_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH months AS (
    SELECT collection_account_id AS account_id, date_trunc('month', payment_date)::date AS month,
           count(*)::int AS entries, sum(fees_cents + cost_cents) AS cents
      FROM new_payments WHERE collection_account_id IS NOT NULL GROUP BY 1, 2),
  kept AS (
    INSERT INTO collection_account_months AS t (account_id, month, entries, cents)
    SELECT account_id, month, entries, cents FROM months ORDER BY 1, 2
    ON CONFLICT (account_id, month) DO UPDATE SET entries = t.entries + excluded.entries, cents = t.cents + excluded.cents
    RETURNING account_id, month, (xmax = 0) AS first)
  INSERT INTO collection_collected_months AS t (office_id, collector_id, month, accounts, cents)
  SELECT a.office_id, a.collector_id, m.month, count(*) FILTER (WHERE k.first), sum(m.cents)
    FROM months m
    JOIN kept k ON k.account_id = m.account_id AND k.month = m.month
    JOIN collection_accounts a ON a.id = m.account_id
   GROUP BY 1, 2, 3 ORDER BY 3, 1, 2
  ON CONFLICT ON CONSTRAINT collection_collected_months_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, cents = t.cents + excluded.cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_collected_add AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION collection_collected_add();
--> statement-breakpoint
-- The accounts that changed office or collector in an update: their old key and their new one.
CREATE FUNCTION collection_account_moves(added collection_accounts[], removed collection_accounts[])
  RETURNS TABLE (id uuid, from_office uuid, from_collector uuid, to_office uuid, to_collector uuid)
  LANGUAGE sql AS $$
  SELECT o.id, o.office_id, o.collector_id, n.office_id, n.collector_id
    FROM unnest(removed) o JOIN unnest(added) n ON n.id = o.id
   WHERE o.office_id <> n.office_id OR o.collector_id IS DISTINCT FROM n.collector_id
$$;
--> statement-breakpoint
-- Every running total of the accounts, from account rows coming (+1) and going (−1): an insert adds its rows, an
-- update removes the old versions and adds the new, a delete removes. Keys whose net change is nothing are
-- skipped, so an update of other columns (a follow-up date) writes no totals row.
CREATE FUNCTION collection_account_rollups_apply(added collection_accounts[], removed collection_accounts[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT office_id, status, collector_id, term_id, plan_status, plan_missed,
           original_cents + adjustments_cents - paid_cents >= 1 AS owing,
           1 AS accounts, original_cents, paid_cents, adjustments_cents
      FROM unnest(added)
    UNION ALL
    SELECT office_id, status, collector_id, term_id, plan_status, plan_missed,
           original_cents + adjustments_cents - paid_cents >= 1,
           -1, -original_cents, -paid_cents, -adjustments_cents
      FROM unnest(removed))
  INSERT INTO collection_account_totals AS t (office_id, status, collector_id, term_id, plan_status, plan_missed, owing,
                                              accounts, original_cents, paid_cents, adjustments_cents)
  SELECT office_id, status, collector_id, term_id, plan_status, plan_missed, owing,
         sum(accounts), sum(original_cents), sum(paid_cents), sum(adjustments_cents)
  FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(accounts) <> 0 OR sum(original_cents) <> 0 OR sum(paid_cents) <> 0 OR sum(adjustments_cents) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT collection_account_totals_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, original_cents = t.original_cents + excluded.original_cents,
        paid_cents = t.paid_cents + excluded.paid_cents,
        adjustments_cents = t.adjustments_cents + excluded.adjustments_cents;

  -- Aging: the open accounts owing a cent, by the last payment's day, else the opening day at the office.
  WITH delta AS (
    SELECT 1 AS sign, a.* FROM unnest(added) a
    UNION ALL
    SELECT -1, r.* FROM unnest(removed) r)
  INSERT INTO collection_aging_days AS t (office_id, collector_id, aged_on, accounts, balance_cents)
  SELECT d.office_id, d.collector_id, coalesce(d.last_payment_date, (d.opened_at AT TIME ZONE o.time_zone)::date),
         sum(d.sign), sum(d.sign * (d.original_cents + d.adjustments_cents - d.paid_cents))
    FROM delta d JOIN offices o ON o.id = d.office_id
   WHERE d.status IN ('ACTIVE', 'REVIEW', 'ESCALATION', 'PAYMENT_PLAN')
     AND d.original_cents + d.adjustments_cents - d.paid_cents >= 1
   GROUP BY 1, 2, 3
  HAVING sum(d.sign) <> 0 OR sum(d.sign * (d.original_cents + d.adjustments_cents - d.paid_cents)) <> 0
   ORDER BY 3, 1, 2
  ON CONFLICT ON CONSTRAINT collection_aging_days_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, balance_cents = t.balance_cents + excluded.balance_cents;

  -- An account that changes office or collector takes its collected months and settled promises along.
  IF cardinality(removed) = 0 OR cardinality(added) = 0
     OR NOT EXISTS (SELECT 1 FROM collection_account_moves(added, removed)) THEN
    RETURN;
  END IF;
  INSERT INTO collection_collected_months AS t (office_id, collector_id, month, accounts, cents)
  SELECT office_id, collector_id, month, sum(accounts), sum(cents)
    FROM (SELECT mv.to_office AS office_id, mv.to_collector AS collector_id, m.month, 1 AS accounts, m.cents
            FROM collection_account_moves(added, removed) mv JOIN collection_account_months m ON m.account_id = mv.id
          UNION ALL
          SELECT mv.from_office, mv.from_collector, m.month, -1, -m.cents
            FROM collection_account_moves(added, removed) mv JOIN collection_account_months m ON m.account_id = mv.id) d
   GROUP BY 1, 2, 3 ORDER BY 3, 1, 2
  ON CONFLICT ON CONSTRAINT collection_collected_months_key DO UPDATE
    SET accounts = t.accounts + excluded.accounts, cents = t.cents + excluded.cents;

  INSERT INTO collection_promise_days AS t (office_id, collector_id, due_date, kept, missed)
  SELECT office_id, collector_id, due_date, sum(kept), sum(missed)
    FROM (SELECT mv.to_office AS office_id, mv.to_collector AS collector_id, i.due_date,
                 (i.status = 'PAID')::int AS kept, (i.status = 'MISSED')::int AS missed
            FROM collection_account_moves(added, removed) mv
            JOIN payment_plans p ON p.account_id = mv.id
            JOIN payment_plan_instalments i ON i.plan_id = p.id AND i.status IN ('PAID', 'MISSED')
          UNION ALL
          SELECT mv.from_office, mv.from_collector, i.due_date, -(i.status = 'PAID')::int, -(i.status = 'MISSED')::int
            FROM collection_account_moves(added, removed) mv
            JOIN payment_plans p ON p.account_id = mv.id
            JOIN payment_plan_instalments i ON i.plan_id = p.id AND i.status IN ('PAID', 'MISSED')) d
   GROUP BY 1, 2, 3 ORDER BY 3, 1, 2
  ON CONFLICT ON CONSTRAINT collection_promise_days_key DO UPDATE
    SET kept = t.kept + excluded.kept, missed = t.missed + excluded.missed;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_account_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM collection_account_rollups_apply(array(SELECT ROW(n.*)::collection_accounts FROM new_rows n), '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_account_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM collection_account_rollups_apply(array(SELECT ROW(n.*)::collection_accounts FROM new_rows n), array(SELECT ROW(o.*)::collection_accounts FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_account_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM collection_account_rollups_apply('{}', array(SELECT ROW(o.*)::collection_accounts FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything so far, counted from scratch.
UPDATE collection_accounts a SET plan_status = p.status,
       plan_missed = EXISTS (SELECT 1 FROM payment_plan_instalments i WHERE i.plan_id = p.id AND i.status = 'MISSED')
  FROM payment_plans p WHERE p.account_id = a.id AND p.status IN ('ACTIVE', 'PAUSED');
--> statement-breakpoint
TRUNCATE collection_account_totals, collection_aging_days;
--> statement-breakpoint
SELECT collection_account_rollups_apply(array(SELECT a FROM collection_accounts a), '{}');
--> statement-breakpoint
INSERT INTO collection_account_months (account_id, month, entries, cents)
SELECT collection_account_id, date_trunc('month', payment_date)::date, count(*), sum(fees_cents + cost_cents)
  FROM payments WHERE collection_account_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO collection_collected_months (office_id, collector_id, month, accounts, cents)
SELECT a.office_id, a.collector_id, m.month, count(*), sum(m.cents)
  FROM collection_account_months m JOIN collection_accounts a ON a.id = m.account_id GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT collection_promise_days_apply(array(SELECT i FROM payment_plan_instalments i), '{}');
