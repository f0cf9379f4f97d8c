-- DECISIONS 21, ADR 022: a promotion may cap how many orders use it (a cancelled order gives its use back),
-- and the rewards ledger remembers which order spent (or got back) a credit, at most once each way.
ALTER TABLE "trade_promotions" ADD COLUMN IF NOT EXISTS "max_uses" integer;
--> statement-breakpoint
ALTER TABLE "trade_promotions" ADD CONSTRAINT "trade_promotions_max_uses_check" CHECK ("max_uses" IS NULL OR "max_uses" > 0);
--> statement-breakpoint
ALTER TABLE "reward_entries" ADD COLUMN IF NOT EXISTS "order_id" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reward_entries_order_kind_unique" ON "reward_entries" ("order_id", "kind") WHERE "order_id" IS NOT NULL;
