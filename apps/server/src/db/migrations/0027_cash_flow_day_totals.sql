-- Running totals of the cash-flow ledger per office day and filterable column, kept by a statement trigger on
-- payments, so totals, counts and the reconciliation read thousands of rows instead of every payment; and the
-- indexes a page of the list in its default order (newest day, then newest entry) reads.
CREATE TABLE "cash_flow_day_totals" (
	"office_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"payment_type" text NOT NULL,
	"office_entered" boolean NOT NULL,
	"law_type_id" uuid,
	"entered_by_id" uuid,
	"shown" boolean NOT NULL,
	"entries" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "cash_flow_day_totals_key" UNIQUE NULLS NOT DISTINCT("office_id","payment_date","payment_type","office_entered","law_type_id","entered_by_id","shown")
);
--> statement-breakpoint
DROP INDEX "payments_office_date_idx";--> statement-breakpoint
DROP INDEX "payments_date_idx";--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" USING btree ("payment_date" DESC NULLS FIRST,"entered_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_office_day_idx" ON "payments" USING btree ("office_id","payment_date" DESC NULLS FIRST,"entered_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_entered_idx" ON "payments" USING btree ("entered_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE FUNCTION cash_flow_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every new row counts where it belongs: an entry is shown, a reversal is not.
  INSERT INTO cash_flow_day_totals AS t (office_id, payment_date, payment_type, office_entered, law_type_id,
                                         entered_by_id, shown, entries, fees_cents, cost_cents)
  SELECT office_id, payment_date, payment_type, office_entered, law_type_id, entered_by_id, reverses_id IS NULL,
         count(*), sum(fees_cents), sum(cost_cents)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT cash_flow_day_totals_key DO UPDATE
    SET entries = t.entries + excluded.entries, fees_cents = t.fees_cents + excluded.fees_cents,
        cost_cents = t.cost_cents + excluded.cost_cents;
  -- The entries these rows reverse leave the shown totals for the hidden ones (two different rows of the
  -- totals, so one statement may change both).
  WITH moved AS (
    SELECT o.office_id, o.payment_date, o.payment_type, o.office_entered, o.law_type_id, o.entered_by_id,
           count(*) AS entries, sum(o.fees_cents) AS fees_cents, sum(o.cost_cents) AS cost_cents
    FROM new_rows r JOIN payments o ON o.id = r.reverses_id
    GROUP BY 1, 2, 3, 4, 5, 6),
  left_shown AS (
    UPDATE cash_flow_day_totals t
       SET entries = t.entries - m.entries, fees_cents = t.fees_cents - m.fees_cents,
           cost_cents = t.cost_cents - m.cost_cents
      FROM moved m
     WHERE t.shown AND t.office_id = m.office_id AND t.payment_date = m.payment_date
       AND t.payment_type = m.payment_type AND t.office_entered = m.office_entered
       AND t.law_type_id IS NOT DISTINCT FROM m.law_type_id AND t.entered_by_id IS NOT DISTINCT FROM m.entered_by_id)
  INSERT INTO cash_flow_day_totals AS t (office_id, payment_date, payment_type, office_entered, law_type_id,
                                         entered_by_id, shown, entries, fees_cents, cost_cents)
  SELECT office_id, payment_date, payment_type, office_entered, law_type_id, entered_by_id, false,
         entries, fees_cents, cost_cents
  FROM moved ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT cash_flow_day_totals_key DO UPDATE
    SET entries = t.entries + excluded.entries, fees_cents = t.fees_cents + excluded.fees_cents,
        cost_cents = t.cost_cents + excluded.cost_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_cash_flow_totals AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cash_flow_totals_add();
--> statement-breakpoint
-- The ledger so far: each entry shown unless it has a reversal; reversals never.
INSERT INTO cash_flow_day_totals (office_id, payment_date, payment_type, office_entered, law_type_id, entered_by_id,
                                  shown, entries, fees_cents, cost_cents)
SELECT p.office_id, p.payment_date, p.payment_type, p.office_entered, p.law_type_id, p.entered_by_id,
       p.reverses_id IS NULL AND NOT EXISTS (SELECT 1 FROM payments r WHERE r.reverses_id = p.id),
       count(*), sum(p.fees_cents), sum(p.cost_cents)
FROM payments p GROUP BY 1, 2, 3, 4, 5, 6, 7;
