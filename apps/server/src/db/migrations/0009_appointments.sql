CREATE TABLE "appointment_stages" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "appointment_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"inquiry_id" uuid,
	"call_id" uuid,
	"attorney_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"title" text,
	"ad_title" text,
	"notes" text,
	"appointment_date_time" timestamp with time zone NOT NULL,
	"appointment_length" integer DEFAULT 30 NOT NULL,
	"appointment_type" text DEFAULT 'In Office' NOT NULL,
	"law_type_id" uuid,
	"stage_id" integer DEFAULT 117 NOT NULL,
	"appt_status" text DEFAULT 'NOT_CALLED' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"follow_up_date" date,
	"is_current" boolean DEFAULT false NOT NULL,
	"send_welcome_text" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"booked_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_length" CHECK ("appointments"."appointment_length" in (15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "attorney_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attorney_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"law_type" text,
	"jurisdiction" text,
	CONSTRAINT "attorney_schedules_day" CHECK ("attorney_schedules"."day_of_week" between 0 and 6),
	CONSTRAINT "attorney_schedules_clock" CHECK ("attorney_schedules"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "attorney_schedules"."end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "attorney_schedules_order" CHECK ("attorney_schedules"."end_time" > "attorney_schedules"."start_time")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attorney_id" uuid NOT NULL,
	"appointment_id" uuid,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"notes" text,
	"location" text,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"external_id" text,
	"sync_state" text DEFAULT 'LOCAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_appointmentId_unique" UNIQUE("appointment_id"),
	CONSTRAINT "calendar_events_ends_after_start" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"office_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_date_office" UNIQUE NULLS NOT DISTINCT("date","office_id")
);
--> statement-breakpoint
ALTER TABLE "attorneys" ADD COLUMN "is_litigation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attorney_id_attorneys_id_fk" FOREIGN KEY ("attorney_id") REFERENCES "public"."attorneys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_law_type_id_dropdown_options_id_fk" FOREIGN KEY ("law_type_id") REFERENCES "public"."dropdown_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_stage_id_appointment_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."appointment_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attorney_schedules" ADD CONSTRAINT "attorney_schedules_attorney_id_attorneys_id_fk" FOREIGN KEY ("attorney_id") REFERENCES "public"."attorneys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_attorney_id_attorneys_id_fk" FOREIGN KEY ("attorney_id") REFERENCES "public"."attorneys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_date_time_idx" ON "appointments" USING btree ("appointment_date_time");--> statement-breakpoint
CREATE INDEX "appointments_office_date_time_idx" ON "appointments" USING btree ("office_id","appointment_date_time");--> statement-breakpoint
CREATE INDEX "appointments_attorney_date_time_idx" ON "appointments" USING btree ("attorney_id","appointment_date_time");--> statement-breakpoint
CREATE INDEX "appointments_created_at_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "appointments_inquiry_idx" ON "appointments" USING btree ("inquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_current_per_inquiry" ON "appointments" USING btree ("inquiry_id") WHERE "appointments"."is_current" and "appointments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "attorney_schedules_attorney_idx" ON "attorney_schedules" USING btree ("attorney_id");--> statement-breakpoint
-- No double booking, ever (SPEC §5: a booking over a taken slot is refused with 'Event already scheduled for
-- this date and time'): an attorney's appointments and events may not overlap. drizzle-kit cannot write EXCLUDE
-- constraints (DESIGN §9). tstzrange is half-open, so back-to-back slots fit.
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_no_overlap"
  EXCLUDE USING gist ("attorney_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("cancelled_at" IS NULL);--> statement-breakpoint
-- SPEC §3/§9 appointment stages with the firm's ids; 117 is set on save.
INSERT INTO "appointment_stages" ("id", "name") VALUES
  (117, 'Appointment Set'), (118, 'Signed'), (119, 'Cancellation'), (120, 'Conflict'), (121, 'No Show'), (122, 'Showed');
