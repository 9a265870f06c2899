CREATE TABLE "directory_sync_states" (
	"source" text PRIMARY KEY NOT NULL,
	"delta_link" text,
	"lease_until" timestamp with time zone,
	"last_trigger" text,
	"last_mode" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_counts" jsonb,
	"last_error" text
);
