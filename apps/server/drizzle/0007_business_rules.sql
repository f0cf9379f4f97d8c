-- Issue 8 findings 6-10: account closure (POPIA), a seller's decline of an order, bulk orders the seller
-- accepts before they open, and one participation per member.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_reason" text;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "committed_quantity" integer;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "decline_reason" text;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_committed_positive" CHECK ("committed_quantity" IS NULL OR "committed_quantity" > 0);
--> statement-breakpoint
-- Earlier duplicate joins by one member are folded into their first participation (quantities and
-- totals summed, so the order's current_quantity still matches), before the unique index forbids them.
UPDATE "bulk_order_participations" AS keep
SET "quantity_ordered" = dup.quantity, "total_amount_cents" = dup.total
FROM (
  SELECT min("id") AS id, sum("quantity_ordered")::int AS quantity, sum("total_amount_cents")::int AS total
  FROM "bulk_order_participations"
  GROUP BY "bulk_order_id", "user_id"
  HAVING count(*) > 1
) AS dup
WHERE keep."id" = dup.id;
--> statement-breakpoint
DELETE FROM "bulk_order_participations" AS p
USING "bulk_order_participations" AS f
WHERE p."bulk_order_id" = f."bulk_order_id" AND p."user_id" = f."user_id" AND p."id" > f."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_participations_order_user_uq" ON "bulk_order_participations" USING btree ("bulk_order_id","user_id");
--> statement-breakpoint
CREATE INDEX "bulk_orders_product_idx" ON "bulk_orders" USING btree ("product_id");
