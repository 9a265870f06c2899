-- E-mail and letters (docs/modules.md, mail): the outbox gains its sending office, recipients as a list, the
-- collection account (no foreign key until the collections table exists), delivery attempts, lease and result;
-- its statuses become QUEUED, SENDING, SENT, FAILED. New: the outbox's attachments, what the embedded SMTP server
-- captured, saved letters and letter batches (collection_account_id without a foreign key there too).
CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_attachments_position_key" UNIQUE("mail_id","position"),
	CONSTRAINT "mail_attachments_size" CHECK ("mail_attachments"."size" between 1 and 10485760),
	CONSTRAINT "mail_attachments_sha256_hex" CHECK ("mail_attachments"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "mail_captured" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text,
	"mail_id" uuid,
	"envelope_from" text,
	"envelope_to" text[] NOT NULL,
	"from_header" text,
	"to_header" text,
	"subject" text,
	"text" text,
	"headers" jsonb NOT NULL,
	"size" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_captured_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"captured_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_captured_attachments_position_key" UNIQUE("captured_id","position")
);
--> statement-breakpoint
CREATE TABLE "mail_letter_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_letter_batches_state_known" CHECK ("mail_letter_batches"."state" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "mail_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid,
	"collection_account_id" uuid,
	"batch_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"size" integer,
	"sha256" text,
	"pages" integer,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	CONSTRAINT "mail_letters_status_known" CHECK ("mail_letters"."status" in ('PENDING', 'STORED')),
	CONSTRAINT "mail_letters_stored_complete" CHECK ("mail_letters"."status" <> 'STORED' or ("mail_letters"."size" is not null and "mail_letters"."sha256" is not null and "mail_letters"."pages" is not null and "mail_letters"."stored_at" is not null)),
	CONSTRAINT "mail_letters_addressed" CHECK ("mail_letters"."client_id" is not null or "mail_letters"."collection_account_id" is not null)
);
--> statement-breakpoint
DROP INDEX "mail_outbox_client_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DEFAULT 'QUEUED';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "to_addresses" text[];--> statement-breakpoint
UPDATE "mail_outbox" SET "to_addresses" = ARRAY["to_address"];--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "to_addresses" SET NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "status" = upper("status");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "collection_account_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "sent_at" = "created_at" WHERE "status" = 'SENT';--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_captured_attachments" ADD CONSTRAINT "mail_captured_attachments_captured_id_mail_captured_id_fk" FOREIGN KEY ("captured_id") REFERENCES "public"."mail_captured"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letter_batches" ADD CONSTRAINT "mail_letter_batches_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letter_batches" ADD CONSTRAINT "mail_letter_batches_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letters" ADD CONSTRAINT "mail_letters_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letters" ADD CONSTRAINT "mail_letters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letters" ADD CONSTRAINT "mail_letters_batch_id_mail_letter_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."mail_letter_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_letters" ADD CONSTRAINT "mail_letters_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_captured_mail_idx" ON "mail_captured" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "mail_letter_batches_requested_idx" ON "mail_letter_batches" USING btree ("requested_by_id","requested_at");--> statement-breakpoint
CREATE INDEX "mail_letters_client_idx" ON "mail_letters" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_letters_office_idx" ON "mail_letters" USING btree ("office_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_letters_account_idx" ON "mail_letters" USING btree ("collection_account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_letters_batch_idx" ON "mail_letters" USING btree ("batch_id","status");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_office_idx" ON "mail_outbox" USING btree ("office_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_account_idx" ON "mail_outbox" USING btree ("collection_account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "to_address";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."status" in ('QUEUED', 'SENDING', 'SENT', 'FAILED'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_sent_at" CHECK ("mail_outbox"."status" <> 'SENT' or "mail_outbox"."sent_at" is not null);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_has_recipient" CHECK (cardinality("mail_outbox"."to_addresses") >= 1);