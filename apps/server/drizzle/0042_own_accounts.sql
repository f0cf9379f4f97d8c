-- Accounts of the deployment's own (docs/accounts.md): a password sign-in with a South African mobile number (kept in
-- E.164) or an email address, acceptance of the terms (POPIA), the role a staff grant replaced, suspension, and which
-- rows are the demo world's. The seeded demo accounts and shop owners are the demo world; every other account is real.
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_world" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "demo_world" = true
 WHERE "is_demo" OR ("oidc_subject" IS NULL AND "email" LIKE '%@example.co.za');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_previous_role_check" CHECK ("previous_role" is null or "previous_role" in ('retailer', 'trader', 'supplier', 'service_provider', 'coordinator', 'distributor', 'manufacturer', 'admin', 'sales_rep', 'field_manager', 'business_dev_manager'));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_unique" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
-- One-time password links: a reset, or a first password. Only the token's hash is kept.
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL CHECK ("purpose" in ('reset', 'setup')),
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "password_tokens_hash_unique" ON "password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
-- Staff invitations: a one-time sign-up link with a role, valid 7 days, revocable.
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL CHECK ("role" in ('coordinator', 'admin', 'sales_rep', 'field_manager', 'business_dev_manager')),
	"created_by" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"used_by" integer REFERENCES "users"("id") ON DELETE set null,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
-- Failed password sign-ins by account ('account:<id>') and by address ('ip:<address>'), for the lockout; pruned daily.
CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("key","created_at");
--> statement-breakpoint
-- Passkeys (WebAuthn): the credential's id and public key, its signature counter, and how its owner names it.
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_unique" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");
--> statement-breakpoint
-- The passkey ceremonies' challenges, each usable once within five minutes.
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL CHECK ("purpose" in ('register', 'login')),
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);
