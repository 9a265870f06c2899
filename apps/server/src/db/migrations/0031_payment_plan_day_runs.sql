-- Payment plans: one row per office and office day of the daily plan job (missed instalments, reminders), so
-- every instance knows the day's run is done; and the account's plans by account, closed ones too.
CREATE TABLE "payment_plan_day_runs" (
	"office_id" uuid NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"resumed" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"reminded" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_plan_day_runs_office_id_day_pk" PRIMARY KEY("office_id","day")
);
--> statement-breakpoint
ALTER TABLE "payment_plan_day_runs" ADD CONSTRAINT "payment_plan_day_runs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plans_account_idx" ON "payment_plans" USING btree ("account_id");