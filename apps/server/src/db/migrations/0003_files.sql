CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"requested_by" uuid,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"filename" text NOT NULL,
	"upload_expires_at" timestamp with time zone NOT NULL,
	"content_type" text,
	"size" integer,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	CONSTRAINT "files_stored_complete" CHECK ("files"."status" <> 'STORED' or ("files"."content_type" is not null and "files"."size" is not null and "files"."sha256" is not null and "files"."stored_at" is not null)),
	CONSTRAINT "files_purpose_known" CHECK ("files"."purpose" in ('USER_PHOTO')),
	CONSTRAINT "files_status_known" CHECK ("files"."status" in ('PENDING', 'STORED')),
	CONSTRAINT "files_content_type_image" CHECK ("files"."content_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "files_size_range" CHECK ("files"."size" between 1 and 2097152),
	CONSTRAINT "files_sha256_hex" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");