-- User access administration: named permission profiles an administrator applies to many users, who follows
-- which profile (one profile per user at most, the user id is the key), and an index that finds a user's last
-- sign-in among their audited actions without reading them all.
CREATE TABLE "access_profile_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "access_profile_members" ADD CONSTRAINT "access_profile_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_profile_members" ADD CONSTRAINT "access_profile_members_profile_id_access_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."access_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_profile_members_profile_idx" ON "access_profile_members" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "audit_events_sign_in_idx" ON "audit_events" USING btree ("actor_id","occurred_at" DESC NULLS LAST) WHERE "audit_events"."action" = 'auth.sign_in';