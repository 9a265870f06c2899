-- A tracking line's meaning (source, campaign, type, where it rings, its office) becomes versions in force from a
-- date (tracking_line_mappings), so re-pointing a number never changes the source of calls already taken; one
-- active line per number (a retired number may be sold again); marketing spend per source and month in cents.
CREATE TABLE "marketing_spend_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"month" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entered_by_id" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_spend_entries_month" CHECK ("marketing_spend_entries"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "marketing_spend_entries_amount" CHECK ("marketing_spend_entries"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_line_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_line_id" uuid NOT NULL,
	"source" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'OTHER' NOT NULL,
	"point_to_office_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_line_mappings_range" CHECK ("tracking_line_mappings"."effective_to" is null or "tracking_line_mappings"."effective_to" >= "tracking_line_mappings"."effective_from")
);
--> statement-breakpoint
ALTER TABLE "tracking_lines" DROP CONSTRAINT "tracking_lines_dnis_unique";--> statement-breakpoint
ALTER TABLE "tracking_lines" ALTER COLUMN "source" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_lines" ALTER COLUMN "point_to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_lines" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_spend_entries" ADD CONSTRAINT "marketing_spend_entries_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_line_mappings" ADD CONSTRAINT "tracking_line_mappings_tracking_line_id_tracking_lines_id_fk" FOREIGN KEY ("tracking_line_id") REFERENCES "public"."tracking_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_line_mappings" ADD CONSTRAINT "tracking_line_mappings_point_to_office_id_offices_id_fk" FOREIGN KEY ("point_to_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_line_mappings" ADD CONSTRAINT "tracking_line_mappings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_line_mappings" ADD CONSTRAINT "tracking_line_mappings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_spend_entries_month_source_idx" ON "marketing_spend_entries" USING btree ("month","source","entered_at");--> statement-breakpoint
CREATE INDEX "tracking_line_mappings_line_from_idx" ON "tracking_line_mappings" USING btree ("tracking_line_id","effective_from");--> statement-breakpoint
CREATE INDEX "tracking_line_mappings_source_idx" ON "tracking_line_mappings" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_lines_active_dnis" ON "tracking_lines" USING btree ("dnis") WHERE "tracking_lines"."active";