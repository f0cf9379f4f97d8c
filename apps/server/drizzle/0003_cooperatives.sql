CREATE TABLE "ballots" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"choice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballots_vote_user_uq" UNIQUE("vote_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coop_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"reference_number" text NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"reverses_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coop_transactions_reference_number_unique" UNIQUE("reference_number"),
	CONSTRAINT "coop_transactions_amount_nonzero" CHECK ("coop_transactions"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "meeting_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_attendance_meeting_user_uq" UNIQUE("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"coop_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"meeting_date" timestamp with time zone,
	"agenda" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attendees_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"coop_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"vote_type" text DEFAULT 'general_resolution' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"outcome" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_order_participations" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity_ordered" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"final_unit_price_cents" integer NOT NULL,
	"total_amount_cents" integer NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"coop_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"bulk_discount_hundredths" integer DEFAULT 0 NOT NULL,
	"final_unit_price_cents" integer NOT NULL,
	"minimum_quantity" integer DEFAULT 1 NOT NULL,
	"current_quantity" integer DEFAULT 0 NOT NULL,
	"target_quantity" integer NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_orders_quantities" CHECK ("bulk_orders"."current_quantity" >= 0 and "bulk_orders"."target_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "virtual_inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"unit_value_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"coop_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"total_capacity_hundredths" integer NOT NULL,
	"allocated_capacity_hundredths" integer DEFAULT 0 NOT NULL,
	"location_description" text,
	"warehouse_type" text DEFAULT 'shared' NOT NULL,
	"cost_per_cubic_meter_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_warehouses_capacity" CHECK ("virtual_warehouses"."allocated_capacity_hundredths" >= 0 and "virtual_warehouses"."allocated_capacity_hundredths" <= "virtual_warehouses"."total_capacity_hundredths")
);
--> statement-breakpoint
CREATE TABLE "warehouse_ownerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"allocated_space_hundredths" integer NOT NULL,
	"ownership_hundredths" integer NOT NULL,
	"monthly_fee_cents" integer NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_transactions" ADD CONSTRAINT "coop_transactions_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_transactions" ADD CONSTRAINT "coop_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_transactions" ADD CONSTRAINT "coop_transactions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coop_transactions" ADD CONSTRAINT "coop_transactions_reverses_id_coop_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."coop_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_participations" ADD CONSTRAINT "bulk_order_participations_bulk_order_id_bulk_orders_id_fk" FOREIGN KEY ("bulk_order_id") REFERENCES "public"."bulk_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_participations" ADD CONSTRAINT "bulk_order_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_inventory" ADD CONSTRAINT "virtual_inventory_warehouse_id_virtual_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."virtual_warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_inventory" ADD CONSTRAINT "virtual_inventory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_inventory" ADD CONSTRAINT "virtual_inventory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_warehouses" ADD CONSTRAINT "virtual_warehouses_coop_id_cooperatives_id_fk" FOREIGN KEY ("coop_id") REFERENCES "public"."cooperatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_warehouses" ADD CONSTRAINT "virtual_warehouses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ownerships" ADD CONSTRAINT "warehouse_ownerships_warehouse_id_virtual_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."virtual_warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_ownerships" ADD CONSTRAINT "warehouse_ownerships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coop_transactions_coop_idx" ON "coop_transactions" USING btree ("coop_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_coop_idx" ON "meetings" USING btree ("coop_id","meeting_date");--> statement-breakpoint
CREATE INDEX "votes_coop_idx" ON "votes" USING btree ("coop_id","status");--> statement-breakpoint
CREATE INDEX "bulk_participations_user_idx" ON "bulk_order_participations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bulk_participations_order_idx" ON "bulk_order_participations" USING btree ("bulk_order_id");--> statement-breakpoint
CREATE INDEX "bulk_orders_status_idx" ON "bulk_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bulk_orders_coop_idx" ON "bulk_orders" USING btree ("coop_id");--> statement-breakpoint
CREATE INDEX "virtual_inventory_user_idx" ON "virtual_inventory" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "virtual_warehouses_coop_idx" ON "virtual_warehouses" USING btree ("coop_id");--> statement-breakpoint
CREATE INDEX "virtual_warehouses_creator_idx" ON "virtual_warehouses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "warehouse_ownerships_user_idx" ON "warehouse_ownerships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "warehouse_ownerships_warehouse_idx" ON "warehouse_ownerships" USING btree ("warehouse_id");