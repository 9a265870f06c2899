CREATE TABLE "mail_draft_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_draft_attachments_position_key" UNIQUE("draft_id","position"),
	CONSTRAINT "mail_draft_attachments_size" CHECK ("mail_draft_attachments"."size" between 1 and 10485760),
	CONSTRAINT "mail_draft_attachments_sha256_hex" CHECK ("mail_draft_attachments"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "mail_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid,
	"collection_account_id" uuid,
	"template_id" uuid,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by_id" uuid NOT NULL,
	"writer_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"content_hash" text,
	"mail_id" uuid,
	"letter_id" uuid,
	"completed_by_id" uuid,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mail_drafts_kind_known" CHECK ("mail_drafts"."kind" in ('LETTER', 'EMAIL')),
	CONSTRAINT "mail_drafts_status_known" CHECK ("mail_drafts"."status" in ('DRAFT', 'APPROVED', 'SENT', 'PRINTED')),
	CONSTRAINT "mail_drafts_addressed" CHECK ("mail_drafts"."client_id" is not null or "mail_drafts"."collection_account_id" is not null),
	CONSTRAINT "mail_drafts_email_recipient" CHECK ("mail_drafts"."kind" <> 'EMAIL' or cardinality("mail_drafts"."to_addresses") >= 1),
	CONSTRAINT "mail_drafts_approval_complete" CHECK ("mail_drafts"."status" = 'DRAFT' or ("mail_drafts"."approved_by_id" is not null and "mail_drafts"."approved_at" is not null and "mail_drafts"."content_hash" is not null)),
	CONSTRAINT "mail_drafts_content_hash_hex" CHECK ("mail_drafts"."content_hash" is null or "mail_drafts"."content_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "mail_drafts_four_eyes" CHECK ("mail_drafts"."approved_by_id" is null or not ("mail_drafts"."approved_by_id" = any("mail_drafts"."writer_ids"))),
	CONSTRAINT "mail_drafts_sent" CHECK ("mail_drafts"."status" <> 'SENT' or ("mail_drafts"."kind" = 'EMAIL' and "mail_drafts"."mail_id" is not null and "mail_drafts"."completed_at" is not null)),
	CONSTRAINT "mail_drafts_printed" CHECK ("mail_drafts"."status" <> 'PRINTED' or ("mail_drafts"."kind" = 'LETTER' and "mail_drafts"."letter_id" is not null and "mail_drafts"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_draft_attachments" ADD CONSTRAINT "mail_draft_attachments_draft_id_mail_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."mail_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_collection_account_id_collection_accounts_id_fk" FOREIGN KEY ("collection_account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_letter_id_mail_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."mail_letters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_drafts_office_idx" ON "mail_drafts" USING btree ("office_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_drafts_client_idx" ON "mail_drafts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_drafts_account_idx" ON "mail_drafts" USING btree ("collection_account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_drafts_status_idx" ON "mail_drafts" USING btree ("status","created_at");--> statement-breakpoint
-- An approved draft is frozen (docs/correspondence-drafts.md): its content, approval and recipients never change,
-- it is never deleted, and once SENT or PRINTED it stays so. The service refuses first (409); this holds it.
CREATE FUNCTION mail_drafts_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'DRAFT' THEN
      RAISE EXCEPTION 'an approved draft cannot be deleted' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'DRAFT' AND (
    (NEW.kind, NEW.office_id, NEW.client_id, NEW.collection_account_id, NEW.template_id, NEW.to_addresses,
     NEW.subject, NEW.body, NEW.created_by_id, NEW.writer_ids, NEW.approved_by_id, NEW.approved_at, NEW.content_hash)
    IS DISTINCT FROM
    (OLD.kind, OLD.office_id, OLD.client_id, OLD.collection_account_id, OLD.template_id, OLD.to_addresses,
     OLD.subject, OLD.body, OLD.created_by_id, OLD.writer_ids, OLD.approved_by_id, OLD.approved_at, OLD.content_hash)
    OR NEW.status = 'DRAFT'
    OR (OLD.status IN ('SENT', 'PRINTED') AND ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*))
  ) THEN
    RAISE EXCEPTION 'an approved draft cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_drafts_frozen BEFORE UPDATE OR DELETE ON mail_drafts
  FOR EACH ROW EXECUTE FUNCTION mail_drafts_frozen();
--> statement-breakpoint
CREATE FUNCTION mail_draft_attachments_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM mail_drafts d WHERE d.id = OLD.draft_id AND d.status <> 'DRAFT') THEN
      RAISE EXCEPTION 'the attachments of an approved draft cannot be changed' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM mail_drafts d WHERE d.id = NEW.draft_id AND d.status <> 'DRAFT') THEN
      RAISE EXCEPTION 'the attachments of an approved draft cannot be changed' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_draft_attachments_frozen BEFORE INSERT OR UPDATE OR DELETE ON mail_draft_attachments
  FOR EACH ROW EXECUTE FUNCTION mail_draft_attachments_frozen();
