-- The till's cash-up (ADR 017): a cash-up closes the session; each sale and each refund belongs to one.
CREATE TABLE IF NOT EXISTS "pos_cash_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"session" integer NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"methods" jsonb NOT NULL,
	"float_cents" bigint DEFAULT 0 NOT NULL,
	"expected_cents" bigint NOT NULL,
	"counted_cents" bigint NOT NULL,
	"difference_cents" bigint NOT NULL,
	"notes" text,
	"journal_reference" text,
	"created_by" integer,
	CONSTRAINT "pos_cash_ups_float_check" CHECK ("float_cents" >= 0 and "counted_cents" >= 0),
	CONSTRAINT "pos_cash_ups_difference_check" CHECK ("difference_cents" = "counted_cents" - "expected_cents")
);
--> statement-breakpoint
ALTER TABLE "pos_cash_ups" ADD CONSTRAINT "pos_cash_ups_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_cash_ups" ADD CONSTRAINT "pos_cash_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pos_cash_ups_session_uq" ON "pos_cash_ups" USING btree ("business_id","session");
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD COLUMN "cash_up_id" integer;
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD COLUMN "refund_cash_up_id" integer;
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_cash_up_id_pos_cash_ups_id_fk" FOREIGN KEY ("cash_up_id") REFERENCES "public"."pos_cash_ups"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_refund_cash_up_id_pos_cash_ups_id_fk" FOREIGN KEY ("refund_cash_up_id") REFERENCES "public"."pos_cash_ups"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pos_sales_uncashed_idx" ON "pos_sales" USING btree ("business_id") WHERE "pos_sales"."cash_up_id" is null or ("pos_sales"."refunded_at" is not null and "pos_sales"."refund_cash_up_id" is null);
--> statement-breakpoint
-- A member's space in a co-op's virtual warehouse is an inventory location (issue 11 point 1; kind
-- 'coop_warehouse', one per business and warehouse), so My Inventory is the same stock movements as /inventory.
ALTER TABLE "inventory_locations" ADD COLUMN "kind" text DEFAULT 'store' NOT NULL;
--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD COLUMN "virtual_warehouse_id" integer;
--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_virtual_warehouse_id_virtual_warehouses_id_fk" FOREIGN KEY ("virtual_warehouse_id") REFERENCES "public"."virtual_warehouses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_kind_check" CHECK ("kind" in ('store', 'coop_warehouse'));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "inventory_locations_warehouse_unique" ON "inventory_locations" USING btree ("business_id","virtual_warehouse_id") WHERE "inventory_locations"."virtual_warehouse_id" is not null;
--> statement-breakpoint
-- The existing virtual_inventory rows become movements. First a default location for each holder...
INSERT INTO "inventory_locations" ("business_id", "name", "is_default")
SELECT DISTINCT vi."user_id", 'Main store', true FROM "virtual_inventory" vi
WHERE NOT EXISTS (SELECT 1 FROM "inventory_locations" l WHERE l."business_id" = vi."user_id" AND l."is_default")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ...a location for every member's space (allocated, or holding stock), named after the warehouse...
INSERT INTO "inventory_locations" ("business_id", "name", "is_default", "kind", "virtual_warehouse_id")
SELECT s."user_id",
       CASE WHEN EXISTS (SELECT 1 FROM "inventory_locations" l
                         WHERE l."business_id" = s."user_id" AND lower(l."name") = lower(w."name"))
            THEN w."name" || ' (co-op ' || w."id" || ')' ELSE w."name" END,
       false, 'coop_warehouse', w."id"
FROM (SELECT "user_id", "warehouse_id" FROM "virtual_inventory"
      UNION SELECT "user_id", "warehouse_id" FROM "warehouse_ownerships") s
JOIN "virtual_warehouses" w ON w."id" = s."warehouse_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ...the product in the holder's inventory (the catalogue's name and SKU; the SKU suffixed when taken)...
INSERT INTO "inventory_products" ("business_id", "product_id", "sells_on_marketplace", "name", "sku")
SELECT DISTINCT ON (vi."user_id", p."id") vi."user_id", p."id", p."seller_id" = vi."user_id", p."name",
       CASE WHEN EXISTS (SELECT 1 FROM "inventory_products" ip
                         WHERE ip."business_id" = vi."user_id" AND lower(ip."sku") = lower(p."sku"))
            THEN p."sku" || '-' || p."id" ELSE p."sku" END
FROM "virtual_inventory" vi JOIN "products" p ON p."id" = vi."product_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ...the item at the warehouse location, valued at what the row said a unit was worth (its reserved
-- quantity was held by no order, so it is not carried: inventory holds stock only for orders)...
INSERT INTO "inventory_items" ("business_id", "inventory_product_id", "location_id", "quantity", "reserved", "unit_cost_cents")
SELECT vi."user_id", ip."id", l."id", sum(vi."quantity")::int, 0,
       coalesce((sum(vi."unit_value_cents"::bigint * vi."quantity") / nullif(sum(vi."quantity"), 0))::int, max(vi."unit_value_cents"))
FROM "virtual_inventory" vi
JOIN "inventory_products" ip ON ip."business_id" = vi."user_id" AND ip."product_id" = vi."product_id"
JOIN "inventory_locations" l ON l."business_id" = vi."user_id" AND l."virtual_warehouse_id" = vi."warehouse_id"
GROUP BY vi."user_id", ip."id", l."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ...and one in movement for it, so its quantity is the sum of its movements.
INSERT INTO "inventory_movements" ("business_id", "item_id", "movement_type", "quantity", "unit_cost_cents", "reason", "reference")
SELECT i."business_id", i."id", 'in', i."quantity", i."unit_cost_cents",
       'Co-op warehouse stock brought into inventory', 'virtual_inventory'
FROM "inventory_items" i JOIN "inventory_locations" l ON l."id" = i."location_id" AND l."kind" = 'coop_warehouse'
WHERE i."quantity" > 0 AND NOT EXISTS (SELECT 1 FROM "inventory_movements" m WHERE m."item_id" = i."id");
--> statement-breakpoint
DROP TABLE "virtual_inventory";
--> statement-breakpoint
-- Bulk orders complete (issue 12 point 6; ADR 025): each participation becomes an order, once.
ALTER TABLE "bulk_orders" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "closed_by" integer;
--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bulk_order_participations" ADD COLUMN "order_id" integer;
--> statement-breakpoint
ALTER TABLE "bulk_order_participations" ADD COLUMN "failure_reason" text;
