CREATE TABLE "nicknames" (
	"name" text NOT NULL,
	"nickname" text NOT NULL,
	CONSTRAINT "nicknames_pair_key" UNIQUE("name","nickname")
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"office_id" uuid,
	"law_type_id" uuid,
	"case_description" text,
	"notes" text,
	"source" text,
	"no_appt_reason" text,
	"lead_owner_id" uuid,
	"incident_date_time" timestamp with time zone,
	"intake_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_opposing_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"date_of_birth" date,
	"phone_number" text,
	"lms_client_number" text,
	CONSTRAINT "inquiry_opposing_parties_inquiry_key" UNIQUE("inquiry_id"),
	CONSTRAINT "inquiry_opposing_parties_phone_digits" CHECK ("inquiry_opposing_parties"."phone_number" ~ '^[0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "intake_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"law_type" text NOT NULL,
	"question" text NOT NULL,
	"answer_type" text NOT NULL,
	"choices" jsonb,
	"required" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"duration_in_seconds" integer,
	"call_start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"caller_id" text,
	"number_dialed" text,
	"inquiry_id" uuid,
	"client_id" uuid,
	"operator_id" uuid,
	CONSTRAINT "calls_duration_not_negative" CHECK ("calls"."duration_in_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"client_id" uuid,
	"inquiry_id" uuid,
	"operator_id" uuid,
	"category_id" uuid,
	"reason_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_law_type_id_dropdown_options_id_fk" FOREIGN KEY ("law_type_id") REFERENCES "public"."dropdown_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_lead_owner_id_users_id_fk" FOREIGN KEY ("lead_owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_opposing_parties" ADD CONSTRAINT "inquiry_opposing_parties_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_category_id_dropdown_options_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."dropdown_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_reason_id_dropdown_options_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."dropdown_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nicknames_nickname_idx" ON "nicknames" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "inquiries_client_idx" ON "inquiries" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "inquiries_office_idx" ON "inquiries" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "inquiries_created_at_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "intake_questions_law_type_idx" ON "intake_questions" USING btree ("law_type","sort_order");--> statement-breakpoint
CREATE INDEX "calls_inquiry_idx" ON "calls" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "calls_client_idx" ON "calls" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sms_messages_inquiry_idx" ON "sms_messages" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "sms_messages_client_idx" ON "sms_messages" USING btree ("client_id","created_date");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_merged_into_id_clients_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_merged_into_idx" ON "clients" USING btree ("merged_into_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_secondary_number_digits" CHECK ("clients"."secondary_number" ~ '^[0-9]+$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_home_number_digits" CHECK ("clients"."home_number" ~ '^[0-9]+$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_not_merged_into_itself" CHECK ("clients"."merged_into_id" <> "clients"."id");