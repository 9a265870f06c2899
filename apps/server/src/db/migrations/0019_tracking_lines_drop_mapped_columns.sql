-- A line's source, where it rings and its office now live only in its mapping versions (copied there by 0018).
ALTER TABLE "tracking_lines" DROP CONSTRAINT "tracking_lines_office_id_offices_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_lines" DROP COLUMN "source";--> statement-breakpoint
ALTER TABLE "tracking_lines" DROP COLUMN "point_to";--> statement-breakpoint
ALTER TABLE "tracking_lines" DROP COLUMN "office_id";