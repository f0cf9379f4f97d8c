CREATE TABLE "marketing_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"campaign_type" text DEFAULT 'email' NOT NULL,
	"target_audience" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"budget_cents" bigint DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"target_path" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_campaigns_code_unique" UNIQUE("code"),
	CONSTRAINT "marketing_campaigns_type_check" CHECK ("campaign_type" in ('email', 'sms', 'push_notification', 'social_media', 'referral')),
	CONSTRAINT "marketing_campaigns_status_check" CHECK ("status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "marketing_campaigns_budget_check" CHECK ("budget_cents" >= 0 and "spent_cents" >= 0),
	CONSTRAINT "marketing_campaigns_dates_check" CHECK ("end_date" is null or "end_date" > "start_date")
);
--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "marketing_campaigns_created_idx" ON "marketing_campaigns" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "marketing_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer,
	"visitor_id" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_clicks" ADD CONSTRAINT "marketing_clicks_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_clicks" ADD CONSTRAINT "marketing_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "marketing_clicks_campaign_idx" ON "marketing_clicks" USING btree ("campaign_id","clicked_at");
--> statement-breakpoint
CREATE INDEX "marketing_clicks_user_idx" ON "marketing_clicks" USING btree ("user_id","clicked_at");
--> statement-breakpoint
CREATE INDEX "marketing_clicks_visitor_idx" ON "marketing_clicks" USING btree ("visitor_id");
