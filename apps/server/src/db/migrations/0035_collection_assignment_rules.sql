CREATE TABLE "collection_assignment_rule_collectors" (
	"office_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"collector_id" uuid NOT NULL,
	CONSTRAINT "collection_assignment_rule_collectors_office_id_position_pk" PRIMARY KEY("office_id","position")
);
--> statement-breakpoint
CREATE TABLE "collection_assignment_rules" (
	"office_id" uuid PRIMARY KEY NOT NULL,
	"next_turn" integer DEFAULT 0 NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_assignment_rule_collectors" ADD CONSTRAINT "collection_assignment_rule_collectors_office_id_collection_assignment_rules_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."collection_assignment_rules"("office_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignment_rule_collectors" ADD CONSTRAINT "collection_assignment_rule_collectors_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignment_rules" ADD CONSTRAINT "collection_assignment_rules_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignment_rules" ADD CONSTRAINT "collection_assignment_rules_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_assignment_rule_collectors_collector_idx" ON "collection_assignment_rule_collectors" USING btree ("collector_id");