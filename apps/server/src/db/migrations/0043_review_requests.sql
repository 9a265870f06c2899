CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"client_id" uuid,
	"inquiry_id" uuid,
	"office_id" uuid,
	"operator_id" uuid,
	"sms_message_id" uuid,
	"mail_id" uuid,
	"phone_number" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_smsMessageId_unique" UNIQUE("sms_message_id"),
	CONSTRAINT "review_requests_mailId_unique" UNIQUE("mail_id"),
	CONSTRAINT "review_requests_channel_record" CHECK (("review_requests"."channel" = 'TEXT' and "review_requests"."sms_message_id" is not null and "review_requests"."mail_id" is null) or ("review_requests"."channel" = 'MAIL' and "review_requests"."mail_id" is not null and "review_requests"."sms_message_id" is null))
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_requests_sent_at_idx" ON "review_requests" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "review_requests_office_sent_at_idx" ON "review_requests" USING btree ("office_id","sent_at");