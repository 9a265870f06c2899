-- Directory provisioning (SCIM, Microsoft Graph): which directory account each user is, kept when the directory
-- deletes them (the user is disabled, never removed: their history names them); directory groups and their
-- members, a group mapped to a permission profile giving its members that profile.
CREATE TABLE "directory_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"user_name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_accounts_source_external_key" UNIQUE("source","external_id")
);
--> statement-breakpoint
CREATE TABLE "directory_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "directory_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "directory_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"display_name" text NOT NULL,
	"profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_groups_source_external_key" UNIQUE("source","external_id")
);
--> statement-breakpoint
ALTER TABLE "directory_accounts" ADD CONSTRAINT "directory_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_group_members" ADD CONSTRAINT "directory_group_members_group_id_directory_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."directory_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_group_members" ADD CONSTRAINT "directory_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_groups" ADD CONSTRAINT "directory_groups_profile_id_access_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."access_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_group_members_user_idx" ON "directory_group_members" USING btree ("user_id");