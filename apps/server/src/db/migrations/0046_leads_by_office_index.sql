DROP INDEX "inquiries_created_at_idx";--> statement-breakpoint
CREATE INDEX "inquiries_created_at_idx" ON "inquiries" USING btree ("created_at","office_id");