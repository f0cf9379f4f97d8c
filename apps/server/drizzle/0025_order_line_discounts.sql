-- DECISIONS 21: a line remembers the discount the one pricing rule gave it and the offer that gave it.
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "discount_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "offer_type" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "offer_id" integer;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("discount_cents" >= 0 AND "discount_cents" <= "total_price_cents");
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_type_check" CHECK ("offer_type" IS NULL OR "offer_type" IN ('promotion', 'trade_offer', 'bulk_order'));
