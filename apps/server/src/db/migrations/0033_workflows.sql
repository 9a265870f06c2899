-- Collections workflows: workflows and the versions of their steps, the runs an account event starts (one per
-- workflow, account and event; one live run per workflow and account) and each run's steps with their due times.
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"trigger_event_id" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"status_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workflow_runs_one_per_event" UNIQUE("workflow_id","account_id","trigger_event_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_step_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"step_index" integer NOT NULL,
	"due_at" timestamp with time zone,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"queued_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"executed_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "workflow_step_runs_run_step" UNIQUE("run_id","step_index")
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"step_index" integer NOT NULL,
	"kind" text NOT NULL,
	"template_id" uuid,
	"status" text,
	"days_from_now" integer,
	"message" text,
	"delay_days" integer NOT NULL,
	"at_hour" integer,
	"business_days_only" boolean NOT NULL,
	CONSTRAINT "workflow_steps_version_index" UNIQUE("workflow_id","version","step_index"),
	CONSTRAINT "workflow_steps_delay" CHECK ("workflow_steps"."delay_days" between 0 and 365),
	CONSTRAINT "workflow_steps_hour" CHECK ("workflow_steps"."at_hour" is null or "workflow_steps"."at_hour" between 0 and 23),
	CONSTRAINT "workflow_steps_settings" CHECK (case "workflow_steps"."kind"
        when 'SET_STATUS' then "workflow_steps"."status" is not null and "workflow_steps"."status" <> 'PAID'
        when 'SET_FOLLOW_UP' then "workflow_steps"."days_from_now" between 0 and 365
        when 'NOTIFY_COLLECTOR' then "workflow_steps"."message" is not null
        else "workflow_steps"."template_id" is not null end)
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"to_status" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_name_unique" UNIQUE("name"),
	CONSTRAINT "workflows_to_status" CHECK ("workflows"."to_status" is null or "workflows"."trigger" = 'STATUS_CHANGED')
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_account_id_collection_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."collection_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_runs" ADD CONSTRAINT "workflow_step_runs_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_one_live" ON "workflow_runs" USING btree ("workflow_id","account_id") WHERE "workflow_runs"."status" in ('RUNNING', 'PAUSED');--> statement-breakpoint
CREATE INDEX "workflow_runs_account_idx" ON "workflow_runs" USING btree ("account_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workflow_runs_live_idx" ON "workflow_runs" USING btree ("status") WHERE "workflow_runs"."status" in ('RUNNING', 'PAUSED');--> statement-breakpoint
CREATE INDEX "workflow_step_runs_due_idx" ON "workflow_step_runs" USING btree ("due_at") WHERE "workflow_step_runs"."status" = 'PENDING' and "workflow_step_runs"."due_at" is not null;