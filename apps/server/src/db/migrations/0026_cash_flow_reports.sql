-- Cash-flow report PDFs built in the background: the request, its requester, the progress and the finished file.
-- A copy of the ledger, not part of it: finished reports are purged after a day.
CREATE TABLE "cash_flow_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request" jsonb NOT NULL,
	"offset_hours" double precision NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"pdf" "bytea"
);
--> statement-breakpoint
ALTER TABLE "cash_flow_reports" ADD CONSTRAINT "cash_flow_reports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_flow_reports_requested_idx" ON "cash_flow_reports" USING btree ("requested_by_id","requested_at");