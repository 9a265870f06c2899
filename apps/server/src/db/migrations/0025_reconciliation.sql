-- Reconciliation: bank deposits per office day and the versions of each day's reconciliation. Both are
-- append-only in the database, like the payments: a deposit is corrected by another, a reconciliation by a new version.
CREATE TABLE "bank_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"deposit_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"entered_by_id" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_deposits_amount" CHECK ("bank_deposits"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cash_flow_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"day" date NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"office_entered_cents" bigint NOT NULL,
	"accounting_cents" bigint NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"note" text,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_reconciliations" ADD CONSTRAINT "cash_flow_reconciliations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_flow_reconciliations" ADD CONSTRAINT "cash_flow_reconciliations_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_deposits_office_date_idx" ON "bank_deposits" USING btree ("office_id","deposit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_flow_reconciliations_day_version" ON "cash_flow_reconciliations" USING btree ("office_id","day","version");--> statement-breakpoint
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is never changed or deleted: enter a correction instead', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_deposits_append_only BEFORE UPDATE OR DELETE ON bank_deposits
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER cash_flow_reconciliations_append_only BEFORE UPDATE OR DELETE ON cash_flow_reconciliations
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
