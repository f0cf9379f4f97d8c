-- Issue 11 point 1 (spec 2 Inventory; DECISIONS 20): stock per business, product and location, changed only
-- by movements; the marketplace's stock_quantity becomes the seller's available stock at its default location.
CREATE TABLE "inventory_locations" (
  "id" serial PRIMARY KEY NOT NULL,
  "business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_default_unique" ON "inventory_locations" ("business_id") WHERE "is_default";
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_name_unique" ON "inventory_locations" ("business_id", lower("name"));
--> statement-breakpoint
CREATE TABLE "inventory_products" (
  "id" serial PRIMARY KEY NOT NULL,
  "business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "product_id" integer REFERENCES "products"("id"),
  "sells_on_marketplace" boolean DEFAULT false NOT NULL,
  "name" text NOT NULL,
  "sku" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_products_product_unique" ON "inventory_products" ("business_id", "product_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_products_sku_unique" ON "inventory_products" ("business_id", lower("sku"));
--> statement-breakpoint
CREATE TABLE "inventory_items" (
  "id" serial PRIMARY KEY NOT NULL,
  "business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "inventory_product_id" integer NOT NULL REFERENCES "inventory_products"("id") ON DELETE cascade,
  "location_id" integer NOT NULL REFERENCES "inventory_locations"("id") ON DELETE cascade,
  "quantity" integer DEFAULT 0 NOT NULL,
  "reserved" integer DEFAULT 0 NOT NULL,
  "reorder_point" integer,
  "overstock_level" integer,
  "unit_cost_cents" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "inventory_items_reserved_check" CHECK ("reserved" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_product_location_unique" ON "inventory_items" ("inventory_product_id", "location_id");
--> statement-breakpoint
CREATE INDEX "inventory_items_business_idx" ON "inventory_items" ("business_id");
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
  "id" serial PRIMARY KEY NOT NULL,
  "business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "item_id" integer NOT NULL REFERENCES "inventory_items"("id") ON DELETE cascade,
  "movement_type" text NOT NULL,
  "quantity" integer NOT NULL,
  "unit_cost_cents" integer,
  "reason" text,
  "reference" text,
  "other_location_id" integer REFERENCES "inventory_locations"("id") ON DELETE set null,
  "performed_by" integer REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" ("item_id");
--> statement-breakpoint
CREATE INDEX "inventory_movements_business_created_idx" ON "inventory_movements" ("business_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "inventory_alerts" (
  "id" serial PRIMARY KEY NOT NULL,
  "business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "item_id" integer NOT NULL REFERENCES "inventory_items"("id") ON DELETE cascade,
  "alert_type" text NOT NULL,
  "alert_level" text NOT NULL,
  "current_value" integer NOT NULL,
  "threshold_value" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" integer REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_alerts_active_unique" ON "inventory_alerts" ("item_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "inventory_alerts_business_idx" ON "inventory_alerts" ("business_id", "resolved_at");
--> statement-breakpoint
-- Existing listings: each seller gets its default location, and each product an item there holding what the
-- listing showed plus what open orders took (now reserved), so available = the old stock_quantity. The
-- opening stock is one "in" movement, valued at the selling price (no cost was ever recorded).
INSERT INTO "inventory_locations" ("business_id", "name", "is_default")
SELECT DISTINCT "seller_id", 'Main store', true FROM "products";
--> statement-breakpoint
INSERT INTO "inventory_products" ("business_id", "product_id", "sells_on_marketplace", "name", "sku")
SELECT "seller_id", "id", true, "name", "sku" FROM "products";
--> statement-breakpoint
INSERT INTO "inventory_items" ("business_id", "inventory_product_id", "location_id", "quantity", "reserved", "unit_cost_cents")
SELECT ip."business_id", ip."id", l."id", p."stock_quantity" + coalesce(open."quantity", 0), coalesce(open."quantity", 0),
       p."selling_price_cents"
FROM "inventory_products" ip
JOIN "products" p ON p."id" = ip."product_id"
JOIN "inventory_locations" l ON l."business_id" = ip."business_id" AND l."is_default"
LEFT JOIN (
  SELECT oi."product_id", sum(oi."quantity")::int AS "quantity"
  FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE o."status" IN ('pending', 'confirmed', 'processing')
  GROUP BY oi."product_id"
) open ON open."product_id" = p."id";
--> statement-breakpoint
INSERT INTO "inventory_movements" ("business_id", "item_id", "movement_type", "quantity", "unit_cost_cents", "reason")
SELECT "business_id", "id", 'in', "quantity", "unit_cost_cents", 'Opening stock'
FROM "inventory_items" WHERE "quantity" <> 0;
