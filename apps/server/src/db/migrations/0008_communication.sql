CREATE TABLE "canned_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"office_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_out_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"action" text NOT NULL,
	"keyword" text NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"opted_out" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dnis" text NOT NULL,
	"source" text NOT NULL,
	"point_to" text NOT NULL,
	"office_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_lines_dnis_unique" UNIQUE("dnis"),
	CONSTRAINT "tracking_lines_dnis_digits" CHECK ("tracking_lines"."dnis" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"template_type" text NOT NULL,
	"purpose" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_name_unique" UNIQUE("name"),
	CONSTRAINT "templates_purpose_unique" UNIQUE("purpose")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"client_id" uuid,
	"created_by_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_type" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"description" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"params" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_events_event_key" UNIQUE("provider","kind","event_key")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "tracking_line_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "collection_account_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "operator_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "call_resolution" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "provider_call_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "status_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "participant_number" text GENERATED ALWAYS AS (CASE WHEN direction = 'OUTBOUND' THEN to_number ELSE from_number END) STORED;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "collection_account_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "collector_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "status_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "provider_message_sid" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "retry_of_id" uuid;--> statement-breakpoint
ALTER TABLE "canned_texts" ADD CONSTRAINT "canned_texts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_texts" ADD CONSTRAINT "canned_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_out_events" ADD CONSTRAINT "sms_opt_out_events_message_id_sms_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."sms_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_lines" ADD CONSTRAINT "tracking_lines_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_texts_office_idx" ON "canned_texts" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "canned_texts_user_idx" ON "canned_texts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_opt_out_events_phone_idx" ON "sms_opt_out_events" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","cleared","created_at");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_tracking_line_id_tracking_lines_id_fk" FOREIGN KEY ("tracking_line_id") REFERENCES "public"."tracking_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_start_time_idx" ON "calls" USING btree ("call_start_time");--> statement-breakpoint
CREATE INDEX "calls_office_start_time_idx" ON "calls" USING btree ("office_id","call_start_time");--> statement-breakpoint
CREATE INDEX "calls_caller_id_idx" ON "calls" USING btree ("caller_id","call_start_time");--> statement-breakpoint
CREATE INDEX "sms_messages_participant_idx" ON "sms_messages" USING btree ("participant_number","created_date");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "sms_messages_office_created_idx" ON "sms_messages" USING btree ("office_id","created_date");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_providerCallSid_unique" UNIQUE("provider_call_sid");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_providerMessageSid_unique" UNIQUE("provider_message_sid");