CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_monthly_cents" integer NOT NULL,
	"price_yearly_cents" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "plans_tier_unique" UNIQUE("tier"),
	CONSTRAINT "plans_tier_check" CHECK ("tier" in ('free', 'trader', 'trader_early', 'supplier', 'supplier_early', 'professional', 'enterprise')),
	CONSTRAINT "plans_prices_check" CHECK ("price_monthly_cents" >= 0 and "price_yearly_cents" >= 0)
);
--> statement-breakpoint
-- Spec 3 §9's "basic" tier is the trader plan (DECISIONS 16); any other unknown tier had the free plan's allowances.
UPDATE "subscriptions" SET "plan_tier" = 'trader' WHERE "plan_tier" = 'basic';
--> statement-breakpoint
UPDATE "subscriptions" SET "plan_tier" = 'free' WHERE "plan_tier" NOT IN ('free', 'trader', 'trader_early', 'supplier', 'supplier_early', 'professional', 'enterprise');
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_tier_check" CHECK ("plan_tier" in ('free', 'trader', 'trader_early', 'supplier', 'supplier_early', 'professional', 'enterprise'));
--> statement-breakpoint
UPDATE "subscriptions" SET "status" = 'active' WHERE "status" NOT IN ('active', 'cancelled');
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("status" in ('active', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_period" text DEFAULT 'monthly' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_period_check" CHECK ("billing_period" in ('monthly', 'yearly'));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "coop_id" integer;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"billing_period" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"coop_id" integer,
	"first_payment_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "subscription_changes_user_idx" ON "subscription_changes" USING btree ("user_id");
--> statement-breakpoint
UPDATE "users" SET "role" = 'retailer' WHERE "role" NOT IN ('retailer', 'trader', 'supplier', 'service_provider', 'coordinator', 'distributor', 'manufacturer', 'admin', 'sales_rep', 'field_manager', 'business_dev_manager');
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('retailer', 'trader', 'supplier', 'service_provider', 'coordinator', 'distributor', 'manufacturer', 'admin', 'sales_rep', 'field_manager', 'business_dev_manager'));
