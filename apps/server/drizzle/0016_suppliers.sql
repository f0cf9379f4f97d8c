-- Spec 1 §3: supplier applications, one per user; approval grants the role applied for (DECISIONS 8).
CREATE TABLE IF NOT EXISTS "supplier_applications" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "applicant_name" text NOT NULL,
  "company_name" text NOT NULL,
  "business_registration_number" text,
  "tax_number" text,
  "product_categories" jsonb NOT NULL,
  "years_in_business" integer DEFAULT 0 NOT NULL,
  "monthly_capacity" text,
  "certifications" jsonb NOT NULL,
  "role_applied_for" text DEFAULT 'supplier' NOT NULL,
  "application_status" text DEFAULT 'pending' NOT NULL,
  "review_notes" text,
  "reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "reviewed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "supplier_applications_status_check" CHECK ("application_status" in ('pending', 'under_review', 'approved', 'rejected')),
  CONSTRAINT "supplier_applications_role_check" CHECK ("role_applied_for" in ('supplier', 'distributor', 'manufacturer')),
  CONSTRAINT "supplier_applications_years_check" CHECK ("years_in_business" >= 0),
  CONSTRAINT "supplier_applications_rejected_notes_check" CHECK ("application_status" <> 'rejected' or "review_notes" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "supplier_applications_user_unique" ON "supplier_applications" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supplier_applications_status_idx" ON "supplier_applications" ("application_status", "created_at");
--> statement-breakpoint
-- A SKU is unique among one seller's products, not across sellers (two suppliers may both sell "MM-10").
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_sku_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "products_seller_sku_unique" ON "products" ("seller_id", "sku");
