-- Supply chain analytics (ADR 048): when an order was delivered, so that a buyer sees how long each supplier takes.
-- Set by the seller's move to delivered, in the same statement as the status. Delivered is the last status an order
-- reaches, but paying it later changes `updated_at` again, so the orders delivered before this column take their
-- delivery's own record: the buyer's "Order delivered" stock movement, whose reference is the order's number.
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" o SET "delivered_at" = coalesce(
  (SELECT min(m."created_at") FROM "inventory_movements" m
    WHERE m."reference" = o."order_number" AND m."business_id" = o."buyer_id" AND m."reason" = 'Order delivered'),
  o."updated_at")
  WHERE o."status" = 'delivered';
