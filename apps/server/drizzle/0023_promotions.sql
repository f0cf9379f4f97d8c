CREATE TABLE IF NOT EXISTS "trade_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"promotion_name" text NOT NULL,
	"promotion_type" text NOT NULL,
	"description" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"minimum_order_value_cents" bigint DEFAULT 0 NOT NULL,
	"discount_tenths" integer DEFAULT 0 NOT NULL,
	"discount_amount_cents" bigint DEFAULT 0 NOT NULL,
	"target_products" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"terms_conditions" text,
	"promotion_fee_cents" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_promotions_type_check" CHECK ("promotion_type" in ('volume_discount', 'seasonal_offer', 'new_product_launch', 'loyalty_bonus')),
	CONSTRAINT "trade_promotions_dates_check" CHECK ("end_date" >= "start_date"),
	CONSTRAINT "trade_promotions_min_check" CHECK ("minimum_order_value_cents" >= 0),
	CONSTRAINT "trade_promotions_discount_check" CHECK (("discount_tenths" between 1 and 1000 and "discount_amount_cents" = 0) or ("discount_tenths" = 0 and "discount_amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "trade_promotions" ADD CONSTRAINT "trade_promotions_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trade_promotions_supplier_idx" ON "trade_promotions" USING btree ("supplier_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trade_promotions_dates_idx" ON "trade_promotions" USING btree ("start_date","end_date");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trade_promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"discount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_promotion_uses_order_unique" UNIQUE("promotion_id","order_id"),
	CONSTRAINT "trade_promotion_uses_discount_check" CHECK ("discount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "trade_promotion_uses" ADD CONSTRAINT "trade_promotion_uses_promotion_id_trade_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."trade_promotions"("id") ON DELETE restrict ON UPDATE no action;
