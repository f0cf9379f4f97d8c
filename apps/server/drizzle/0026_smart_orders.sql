CREATE TABLE IF NOT EXISTS "smart_reorder_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"product_id" integer NOT NULL REFERENCES "public"."products"("id") ON DELETE cascade,
	"supplier_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"reorder_quantity" integer NOT NULL,
	"lead_time_days" integer DEFAULT 7 NOT NULL,
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"auto_reorder_enabled" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"crossings" integer DEFAULT 0 NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_reorder_rules_product_unique" UNIQUE("buyer_id","product_id"),
	CONSTRAINT "smart_reorder_rules_quantity_check" CHECK ("reorder_quantity" > 0),
	CONSTRAINT "smart_reorder_rules_safety_check" CHECK ("safety_stock" >= 0 and "lead_time_days" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "smart_reorder_rules_product_idx" ON "smart_reorder_rules" USING btree ("product_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "smart_scheduled_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"order_name" text NOT NULL,
	"supplier_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"frequency" text NOT NULL,
	"next_order_date" date NOT NULL,
	"anchor_day" integer NOT NULL,
	"last_order_date" date,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_scheduled_orders_frequency_check" CHECK ("frequency" in ('daily', 'weekly', 'monthly', 'quarterly'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "smart_scheduled_orders_buyer_idx" ON "smart_scheduled_orders" USING btree ("buyer_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "smart_scheduled_orders_due_idx" ON "smart_scheduled_orders" USING btree ("next_order_date") WHERE "is_active";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "smart_order_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"occurrence" text NOT NULL,
	"outcome" text NOT NULL,
	"order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_order_runs_occurrence_unique" UNIQUE("source","source_id","occurrence"),
	CONSTRAINT "smart_order_runs_source_check" CHECK ("source" in ('scheduled_order', 'reorder_rule'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "smart_proposed_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"run_id" integer NOT NULL REFERENCES "public"."smart_order_runs"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_name" text NOT NULL,
	"supplier_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"occurrence_date" date NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_proposed_orders_run_unique" UNIQUE("run_id"),
	CONSTRAINT "smart_proposed_orders_reason_check" CHECK ("reason" in ('needs_confirmation', 'price_rose', 'not_placed')),
	CONSTRAINT "smart_proposed_orders_status_check" CHECK ("status" in ('open', 'placed', 'dismissed'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "smart_proposed_orders_buyer_idx" ON "smart_proposed_orders" USING btree ("buyer_id","status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trade_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"offer_name" text NOT NULL,
	"offer_type" text NOT NULL,
	"discount_tenths" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"min_quantity" integer DEFAULT 10 NOT NULL,
	"buy_quantity" integer DEFAULT 1 NOT NULL,
	"get_quantity" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"minimum_order_value_cents" bigint DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"products" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_offers_type_check" CHECK ("offer_type" in ('percentage_discount', 'fixed_discount', 'bulk_discount', 'buy_x_get_y', 'free_shipping')),
	CONSTRAINT "trade_offers_dates_check" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "trade_offers_values_check" CHECK ("discount_tenths" between 0 and 1000 and "discount_cents" >= 0 and "minimum_order_value_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trade_offers_seller_idx" ON "trade_offers" USING btree ("seller_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trade_offer_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL REFERENCES "public"."trade_offers"("id") ON DELETE restrict,
	"order_id" integer NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_offer_uses_order_unique" UNIQUE("offer_id","order_id")
);
