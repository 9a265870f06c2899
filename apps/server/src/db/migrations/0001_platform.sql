CREATE TABLE "offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"sms_number" text NOT NULL,
	"outbound_caller_id" text NOT NULL,
	"lms_office_id" text,
	"email" text,
	"street_address" text,
	"city" text,
	"state" text,
	"zip" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"office_type" text DEFAULT 'OFFICE' NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offices_name_unique" UNIQUE("name"),
	CONSTRAINT "offices_phone_digits" CHECK ("offices"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "offices_sms_number_digits" CHECK ("offices"."sms_number" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"mail" text NOT NULL,
	"job_title" text,
	"role" text NOT NULL,
	"work_number" text,
	"phone_extension" text,
	"mobile_number" text,
	"zoom_link" text,
	"image_url" text,
	"image" text,
	"click_to_call" text,
	"default_dashboard" text,
	"account_enabled" boolean DEFAULT true NOT NULL,
	"office_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_extension_six_digits" CHECK ("users"."phone_extension" ~ '^[0-9]{6}$'),
	CONSTRAINT "users_work_number_digits" CHECK ("users"."work_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_mobile_number_digits" CHECK ("users"."mobile_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_click_to_call_digits" CHECK ("users"."click_to_call" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"permission_type" text NOT NULL,
	"access_levels" jsonb NOT NULL,
	CONSTRAINT "permissions_user_type_key" UNIQUE("user_id","permission_type")
);
--> statement-breakpoint
CREATE TABLE "attorneys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"law_type" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"zoom_link" text,
	CONSTRAINT "attorneys_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "dropdown_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dropdown_type" text NOT NULL,
	"value" text NOT NULL,
	"group_type" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dropdown_options_type_value_key" UNIQUE("dropdown_type","value")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"maiden_name" text,
	"email" text,
	"place_of_birth" text,
	"driver_license_number" text,
	"driver_license_state" text,
	"lms_client_number" text,
	"needles_client_number" text,
	"street_address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"county" text,
	"country" text,
	"primary_number" text,
	"secondary_number" text,
	"mobile_number" text,
	"home_number" text,
	"address" text,
	"date_of_birth" date,
	"auto_text" boolean DEFAULT true NOT NULL,
	"office_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_primary_number_digits" CHECK ("clients"."primary_number" ~ '^[0-9]+$'),
	CONSTRAINT "clients_mobile_number_digits" CHECK ("clients"."mobile_number" ~ '^[0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"request_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attorneys" ADD CONSTRAINT "attorneys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attorneys" ADD CONSTRAINT "attorneys_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_credentials" ADD CONSTRAINT "local_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_lower_key" ON "users" USING btree (lower("mail"));--> statement-breakpoint
CREATE INDEX "users_office_idx" ON "users" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "attorneys_office_idx" ON "attorneys" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "clients_office_idx" ON "clients" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");