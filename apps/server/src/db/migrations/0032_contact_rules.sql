-- Collections contact rules: the rule table (one row per state that differs, and DEFAULT), seeded with Reg F's
-- limits and Massachusetts's 2 calls in 7 days; the contact log of every collection call or text asked about.
CREATE TABLE "collection_contact_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"to_number" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"allowed" boolean NOT NULL,
	"rule" text,
	"message" text,
	"next_allowed_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "collection_contact_rules" (
	"state" text PRIMARY KEY NOT NULL,
	"earliest_hour" integer NOT NULL,
	"latest_hour" integer NOT NULL,
	"max_call_attempts" integer NOT NULL,
	"window_days" integer NOT NULL,
	"quiet_days_after_conversation" integer NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_contact_attempts" ADD CONSTRAINT "collection_contact_attempts_account_id_collection_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contact_attempts" ADD CONSTRAINT "collection_contact_attempts_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contact_rules" ADD CONSTRAINT "collection_contact_rules_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contact_attempts_account_idx" ON "collection_contact_attempts" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "collection_contact_attempts_at_idx" ON "collection_contact_attempts" USING btree ("at");
--> statement-breakpoint
INSERT INTO collection_contact_rules (state, earliest_hour, latest_hour, max_call_attempts, window_days, quiet_days_after_conversation)
VALUES ('DEFAULT', 8, 21, 7, 7, 7), ('MA', 8, 21, 2, 7, 7);
--> statement-breakpoint
CREATE TRIGGER collection_contact_attempts_append_only BEFORE UPDATE OR DELETE ON collection_contact_attempts
  FOR EACH ROW EXECUTE FUNCTION collection_append_only();
