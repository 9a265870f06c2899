-- Client trust money: the account of each payment, the matters' trust ledgers (append-only), their running
-- balances (never below zero, kept by a trigger) and the versions of each office month's three-way reconciliation.
CREATE TABLE "trust_balances" (
	"office_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"balance_cents" bigint NOT NULL,
	"last_entry_at" timestamp with time zone,
	CONSTRAINT "trust_balances_office_id_inquiry_id_pk" PRIMARY KEY("office_id","inquiry_id"),
	CONSTRAINT "trust_balances_not_negative" CHECK ("trust_balances"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trust_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payee" text,
	"purpose" text,
	"reason" text,
	"entry_date" date NOT NULL,
	"entered_by_id" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_id" uuid,
	"reverses_id" uuid,
	CONSTRAINT "trust_entries_kind_shape" CHECK (("trust_ledger_entries"."kind" = 'DEPOSIT' and "trust_ledger_entries"."amount_cents" > 0 and "trust_ledger_entries"."payment_id" is not null and "trust_ledger_entries"."reverses_id" is null)
       or ("trust_ledger_entries"."kind" = 'DEPOSIT_REVERSAL' and "trust_ledger_entries"."amount_cents" < 0 and "trust_ledger_entries"."payment_id" is not null and "trust_ledger_entries"."reverses_id" is not null)
       or ("trust_ledger_entries"."kind" = 'DISBURSEMENT' and "trust_ledger_entries"."amount_cents" < 0 and "trust_ledger_entries"."payee" is not null and "trust_ledger_entries"."purpose" is not null
           and "trust_ledger_entries"."reverses_id" is null)
       or ("trust_ledger_entries"."kind" = 'DISBURSEMENT_REVERSAL' and "trust_ledger_entries"."amount_cents" > 0 and "trust_ledger_entries"."reason" is not null
           and "trust_ledger_entries"."reverses_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "trust_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"month" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"statement_cents" bigint NOT NULL,
	"book_cents" bigint NOT NULL,
	"ledgers_cents" bigint NOT NULL,
	"note" text,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account" text DEFAULT 'OPERATING' NOT NULL;--> statement-breakpoint
ALTER TABLE "trust_balances" ADD CONSTRAINT "trust_balances_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_balances" ADD CONSTRAINT "trust_balances_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledger_entries" ADD CONSTRAINT "trust_ledger_entries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledger_entries" ADD CONSTRAINT "trust_ledger_entries_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledger_entries" ADD CONSTRAINT "trust_ledger_entries_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledger_entries" ADD CONSTRAINT "trust_ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_ledger_entries" ADD CONSTRAINT "trust_ledger_entries_reverses_id_trust_ledger_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."trust_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reconciliations" ADD CONSTRAINT "trust_reconciliations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reconciliations" ADD CONSTRAINT "trust_reconciliations_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trust_entries_office_date_idx" ON "trust_ledger_entries" USING btree ("office_id","entry_date","inquiry_id","amount_cents");--> statement-breakpoint
CREATE INDEX "trust_entries_inquiry_idx" ON "trust_ledger_entries" USING btree ("inquiry_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trust_entries_payment_unique" ON "trust_ledger_entries" USING btree ("payment_id") WHERE "trust_ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_entries_reverses_unique" ON "trust_ledger_entries" USING btree ("reverses_id") WHERE "trust_ledger_entries"."reverses_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trust_reconciliations_month_version" ON "trust_reconciliations" USING btree ("office_id","month","version");--> statement-breakpoint
CREATE TRIGGER trust_ledger_entries_append_only BEFORE UPDATE OR DELETE ON trust_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER trust_reconciliations_append_only BEFORE UPDATE OR DELETE ON trust_reconciliations
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Every entry moves its matter's balance in the same statement. The update waits on the balance row while another
-- transaction holds it, so concurrent entries apply one after the other, and the check refuses the one that would
-- take the balance below zero (the whole entry rolls back with it). An update, not an upsert: an upsert checks
-- its proposed row (the entry's amount alone) before it finds the existing one.
CREATE FUNCTION trust_balance_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOOP
    UPDATE trust_balances
      SET balance_cents = balance_cents + NEW.amount_cents,
          last_entry_at = greatest(last_entry_at, NEW.entered_at)
      WHERE office_id = NEW.office_id AND inquiry_id = NEW.inquiry_id;
    IF FOUND THEN
      RETURN NULL;
    END IF;
    INSERT INTO trust_balances (office_id, inquiry_id, balance_cents, last_entry_at)
      VALUES (NEW.office_id, NEW.inquiry_id, NEW.amount_cents, NEW.entered_at)
      ON CONFLICT (office_id, inquiry_id) DO NOTHING;
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER trust_ledger_entries_balance AFTER INSERT ON trust_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION trust_balance_apply();
--> statement-breakpoint
-- A balance changes only through a ledger entry (the trigger above, one level down); never by hand.
CREATE FUNCTION trust_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'trust balances change only through ledger entries' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER trust_balances_guard BEFORE UPDATE OR DELETE ON trust_balances
  FOR EACH ROW EXECUTE FUNCTION trust_balances_guard();
