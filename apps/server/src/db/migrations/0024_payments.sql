-- The cash-flow ledger: payments (entries and their reversals) and each office's receipt counter. The ledger is
-- append-only in the database itself: a row is never deleted, and an update may only re-point it to the client a
-- merge kept (the merge moves every row that names the merged client).
CREATE TABLE "office_receipt_counters" (
	"office_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"inquiry_id" uuid,
	"law_type_id" uuid,
	"payment_type" text NOT NULL,
	"fees_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"receipt_number" integer,
	"payment_date" date NOT NULL,
	"office_entered" boolean DEFAULT false NOT NULL,
	"note" text,
	"entered_by_id" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reverses_id" uuid,
	"reason" text,
	CONSTRAINT "payments_entry_or_reversal" CHECK (("payments"."reverses_id" is null and "payments"."receipt_number" is not null and "payments"."reason" is null
            and "payments"."fees_cents" >= 0 and "payments"."cost_cents" >= 0 and "payments"."fees_cents" + "payments"."cost_cents" > 0)
       or ("payments"."reverses_id" is not null and "payments"."receipt_number" is null and "payments"."reason" is not null
            and "payments"."fees_cents" <= 0 and "payments"."cost_cents" <= 0))
);
--> statement-breakpoint
ALTER TABLE "office_receipt_counters" ADD CONSTRAINT "office_receipt_counters_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_law_type_id_dropdown_options_id_fk" FOREIGN KEY ("law_type_id") REFERENCES "public"."dropdown_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_id_payments_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_office_receipt_unique" ON "payments" USING btree ("office_id","receipt_number") WHERE "payments"."receipt_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_unique" ON "payments" USING btree ("reverses_id") WHERE "payments"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_office_date_idx" ON "payments" USING btree ("office_id","payment_date");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE FUNCTION payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'client_id') = (to_jsonb(OLD) - 'client_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payments are never changed or deleted: correct an entry with a reversal'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_append_only();
