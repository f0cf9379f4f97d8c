CREATE TABLE "pos_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"markup_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_settings_markup_check" CHECK ("markup_basis_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "pos_prices" (
	"business_id" integer NOT NULL,
	"inventory_product_id" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_prices_business_id_inventory_product_id_pk" PRIMARY KEY("business_id","inventory_product_id"),
	CONSTRAINT "pos_prices_price_check" CHECK ("price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pos_prices" ADD CONSTRAINT "pos_prices_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_prices" ADD CONSTRAINT "pos_prices_inventory_product_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"client_sale_id" text NOT NULL,
	"transaction_number" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"amount_tendered_cents" bigint,
	"customer_name" text,
	"customer_phone" text,
	"offline" boolean DEFAULT false NOT NULL,
	"stock_short" boolean DEFAULT false NOT NULL,
	"rung_up_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	CONSTRAINT "pos_sales_method_check" CHECK ("payment_method" in ('cash', 'card', 'mobile', 'qr_code', 'tap_pay')),
	CONSTRAINT "pos_sales_total_check" CHECK ("total_cents" = "subtotal_cents" - "discount_cents")
);
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_client_sale_uq" ON "pos_sales" USING btree ("business_id","client_sale_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_number_uq" ON "pos_sales" USING btree ("business_id","transaction_number");
--> statement-breakpoint
CREATE INDEX "pos_sales_business_created_idx" ON "pos_sales" USING btree ("business_id","created_at");
--> statement-breakpoint
CREATE TABLE "pos_sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"inventory_product_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"unit_cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pos_sale_lines_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "pos_sale_lines" ADD CONSTRAINT "pos_sale_lines_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pos_sale_lines" ADD CONSTRAINT "pos_sale_lines_inventory_product_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pos_sale_lines_sale_idx" ON "pos_sale_lines" USING btree ("sale_id");
