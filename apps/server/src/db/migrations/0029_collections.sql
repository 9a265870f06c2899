-- Collections: terms, accounts (paid and adjusted totals kept by triggers), their event history and
-- adjustments, payment plans (versions, instalments, pauses); payments, calls and texts name the account.
CREATE SEQUENCE "public"."collection_account_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "collection_account_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"title" text NOT NULL,
	"detail" text,
	"data" jsonb,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_number" integer DEFAULT nextval('collection_account_numbers') NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"inquiry_id" uuid,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"term_id" uuid,
	"collector_id" uuid,
	"follow_up_date" date,
	"original_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"adjustments_cents" bigint DEFAULT 0 NOT NULL,
	"last_payment_date" date,
	"opened_by_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_accounts_accountNumber_unique" UNIQUE("account_number"),
	CONSTRAINT "collection_accounts_original" CHECK ("collection_accounts"."original_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_adjustments_amount" CHECK ("collection_adjustments"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "collection_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_payment_plan" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_terms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "payment_plan_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'DUE' NOT NULL,
	"reminded_at" timestamp with time zone,
	"missed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_plan_instalments_plan_seq" UNIQUE("plan_id","seq")
);
--> statement-breakpoint
CREATE TABLE "payment_plan_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"paused_from" date NOT NULL,
	"resume_on" date,
	"resumed_at" timestamp with time zone,
	"reason" text NOT NULL,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plan_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"frequency" text NOT NULL,
	"first_due_date" date NOT NULL,
	"instalment_count" integer,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plan_versions_plan_version" UNIQUE("plan_id","version")
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collection_account_id" uuid;--> statement-breakpoint
ALTER TABLE "collection_account_events" ADD CONSTRAINT "collection_account_events_account_id_collection_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_account_events" ADD CONSTRAINT "collection_account_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_term_id_collection_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."collection_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_adjustments" ADD CONSTRAINT "collection_adjustments_account_id_collection_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_adjustments" ADD CONSTRAINT "collection_adjustments_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD CONSTRAINT "payment_plan_instalments_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_pauses" ADD CONSTRAINT "payment_plan_pauses_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_pauses" ADD CONSTRAINT "payment_plan_pauses_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_versions" ADD CONSTRAINT "payment_plan_versions_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_versions" ADD CONSTRAINT "payment_plan_versions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_account_id_collection_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_account_events_account_idx" ON "collection_account_events" USING btree ("account_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_accounts_office_idx" ON "collection_accounts" USING btree ("office_id","status");--> statement-breakpoint
CREATE INDEX "collection_accounts_collector_idx" ON "collection_accounts" USING btree ("collector_id","status");--> statement-breakpoint
CREATE INDEX "collection_accounts_client_idx" ON "collection_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "collection_accounts_follow_up_idx" ON "collection_accounts" USING btree ("follow_up_date");--> statement-breakpoint
CREATE INDEX "collection_adjustments_account_idx" ON "collection_adjustments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payment_plan_instalments_due_idx" ON "payment_plan_instalments" USING btree ("due_date","status");--> statement-breakpoint
CREATE INDEX "payment_plan_pauses_plan_idx" ON "payment_plan_pauses" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_one_open" ON "payment_plans" USING btree ("account_id") WHERE "payment_plans"."status" in ('ACTIVE', 'PAUSED');--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_collection_account_id_collection_accounts_id_fk" FOREIGN KEY ("collection_account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_collection_account_id_collection_accounts_id_fk" FOREIGN KEY ("collection_account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collection_account_id_collection_accounts_id_fk" FOREIGN KEY ("collection_account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_collection_account_idx" ON "calls" USING btree ("collection_account_id","call_start_time") WHERE "calls"."collection_account_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_collection_account_idx" ON "sms_messages" USING btree ("collection_account_id","created_date") WHERE "sms_messages"."collection_account_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_collection_account_idx" ON "payments" USING btree ("collection_account_id") WHERE "payments"."collection_account_id" is not null;
--> statement-breakpoint
-- What an account has been paid: the cash-flow entries carrying it (a reversal carries its original's account
-- and negative amounts), kept in the inserting transaction. The last payment date counts entries, not reversals.
CREATE FUNCTION collection_account_paid_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collection_accounts a
     SET paid_cents = a.paid_cents + n.cents,
         last_payment_date = CASE
           WHEN n.last_day IS NULL THEN a.last_payment_date
           ELSE greatest(a.last_payment_date, n.last_day) END
    FROM (SELECT collection_account_id AS id, sum(fees_cents + cost_cents) AS cents,
                 max(payment_date) FILTER (WHERE reverses_id IS NULL) AS last_day
            FROM new_payments WHERE collection_account_id IS NOT NULL
           GROUP BY collection_account_id) n
   WHERE a.id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_account_paid_add AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION collection_account_paid_add();
--> statement-breakpoint
CREATE FUNCTION collection_account_adjustments_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collection_accounts a
     SET adjustments_cents = a.adjustments_cents + n.cents
    FROM (SELECT account_id AS id, sum(amount_cents) AS cents FROM new_adjustments GROUP BY account_id) n
   WHERE a.id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_account_adjustments_add AFTER INSERT ON collection_adjustments
  REFERENCING NEW TABLE AS new_adjustments FOR EACH STATEMENT EXECUTE FUNCTION collection_account_adjustments_add();
--> statement-breakpoint
-- The account's history and its adjustments are append-only, like the ledger.
CREATE FUNCTION collection_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_adjustments_append_only BEFORE UPDATE OR DELETE ON collection_adjustments
  FOR EACH ROW EXECUTE FUNCTION collection_append_only();
--> statement-breakpoint
CREATE TRIGGER collection_account_events_append_only BEFORE UPDATE OR DELETE ON collection_account_events
  FOR EACH ROW EXECUTE FUNCTION collection_append_only();
