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
