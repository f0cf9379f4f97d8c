CREATE TABLE IF NOT EXISTS "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"referred_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reward_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "referrals_referred_id_unique" UNIQUE("referred_id"),
	CONSTRAINT "referrals_status_check" CHECK ("status" in ('pending', 'verified', 'paid')),
	CONSTRAINT "referrals_not_self_check" CHECK ("referrer_id" <> "referred_id"),
	CONSTRAINT "referrals_reward_check" CHECK ("reward_cents" >= 0),
	CONSTRAINT "referrals_verified_check" CHECK (("status" = 'pending') = ("verified_at" is null))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reward_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"referral_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_entries_referral_id_unique" UNIQUE("referral_id"),
	CONSTRAINT "reward_entries_kind_check" CHECK ("kind" in ('referral_credit', 'checkout_use', 'checkout_release')),
	CONSTRAINT "reward_entries_amount_check" CHECK ("amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "reward_entries" ADD CONSTRAINT "reward_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_entries" ADD CONSTRAINT "reward_entries_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reward_entries_user_idx" ON "reward_entries" USING btree ("user_id","created_at");
