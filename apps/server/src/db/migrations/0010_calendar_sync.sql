ALTER TABLE "calendar_events" ADD COLUMN "external_mailbox" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sync_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sync_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calendar_events_unsynced_idx" ON "calendar_events" USING btree ("updated_at") WHERE "calendar_events"."sync_state" in ('PENDING', 'FAILED');