ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "barcode" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "unit_type" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pack_size" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "wholesale_price_cents" integer;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bulk_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"upload_filename" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_rows" integer NOT NULL,
	"valid_rows" integer NOT NULL,
	"new_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer NOT NULL,
	"successful_imports" integer DEFAULT 0 NOT NULL,
	"failed_imports" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"on_errors" text,
	"issues" jsonb NOT NULL,
	"issue_count" integer NOT NULL,
	"rows" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bulk_uploads_status_check" CHECK ("status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "bulk_uploads_on_errors_check" CHECK ("on_errors" is null or "on_errors" in ('skip', 'refuse'))
);
--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bulk_uploads_seller_idx" ON "bulk_uploads" USING btree ("seller_id","created_at");
