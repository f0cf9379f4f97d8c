-- Crowdfunding (spec 3 /betacrowd; DECISIONS 17; ADR 052): campaigns, wallets with their movements, investments
-- and repayments. Money in integer cents, rates in basis points. The checks are the last line of defence behind
-- the conditional updates in the service: raised never passes the target, a wallet never goes below zero.
CREATE TABLE IF NOT EXISTS "crowd_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrepreneur_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"campaign_title" text NOT NULL,
	"description" text NOT NULL,
	"campaign_type" text NOT NULL,
	"target_cents" integer NOT NULL,
	"raised_cents" integer DEFAULT 0 NOT NULL,
	"minimum_investment_cents" integer NOT NULL,
	"interest_bp" integer NOT NULL,
	"loan_term_months" integer NOT NULL,
	"repayment_frequency" text NOT NULL,
	"risk_level" text NOT NULL,
	"status" text DEFAULT 'pending_review' NOT NULL,
	"collateral_description" text NOT NULL,
	"end_date" date NOT NULL,
	"start_date" timestamp with time zone,
	"review_note" text,
	"reviewed_by" integer REFERENCES "public"."users"("id") ON DELETE set null,
	"reviewed_at" timestamp with time zone,
	"repaid_instalments" integer DEFAULT 0 NOT NULL,
	"repaid_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowd_campaigns_raised" CHECK ("raised_cents" >= 0 and "raised_cents" <= "target_cents")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crowd_campaigns_entrepreneur_idx" ON "crowd_campaigns" USING btree ("entrepreneur_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crowd_campaigns_status_idx" ON "crowd_campaigns" USING btree ("status");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crowd_wallets" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crowd_wallets_not_negative" CHECK ("balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crowd_investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL REFERENCES "public"."crowd_campaigns"("id") ON DELETE cascade,
	"investor_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowd_investments_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "crowd_investments_key_unique" ON "crowd_investments" USING btree ("investor_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crowd_investments_campaign_idx" ON "crowd_investments" USING btree ("campaign_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crowd_repayments" (
	"campaign_id" integer NOT NULL REFERENCES "public"."crowd_campaigns"("id") ON DELETE cascade,
	"instalment_number" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"recorded_by" integer REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crowd_repayments_pk" PRIMARY KEY("campaign_id","instalment_number")
);
--> statement-breakpoint
-- A movement outlives the campaign it came from (the demo world's restore removes demo campaigns): the wallet stays
-- the sum of its movements.
CREATE TABLE IF NOT EXISTS "crowd_wallet_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text,
	"campaign_id" integer REFERENCES "public"."crowd_campaigns"("id") ON DELETE set null,
	"investment_id" integer REFERENCES "public"."crowd_investments"("id") ON DELETE set null,
	"instalment_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crowd_wallet_movements_user_idx" ON "crowd_wallet_movements" USING btree ("user_id","created_at");
