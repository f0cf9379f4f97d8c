CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"frequency" text NOT NULL,
	"format" text DEFAULT 'csv' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_type_check" CHECK ("report_type" in ('sales', 'products', 'orders', 'cooperatives')),
	CONSTRAINT "report_schedules_frequency_check" CHECK ("frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_schedules_format_check" CHECK ("format" in ('csv'))
);
--> statement-breakpoint
CREATE TABLE "generated_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"schedule_id" integer,
	"occurrence_at" timestamp with time zone,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"format" text DEFAULT 'csv' NOT NULL,
	"period" text,
	"frequency" text,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"content" text,
	"row_count" integer,
	"byte_size" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "generated_reports_schedule_occurrence_unique" UNIQUE("schedule_id","occurrence_at"),
	CONSTRAINT "generated_reports_type_check" CHECK ("report_type" in ('sales', 'products', 'orders', 'cooperatives')),
	CONSTRAINT "generated_reports_status_check" CHECK ("status" in ('generating', 'ready', 'failed')),
	CONSTRAINT "generated_reports_format_check" CHECK ("format" in ('csv'))
);
--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_schedules_owner_idx" ON "report_schedules" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "generated_reports_owner_created_idx" ON "generated_reports" USING btree ("owner_id","created_at");
