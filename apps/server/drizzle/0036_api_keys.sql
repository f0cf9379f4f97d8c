-- Developer tools (ADR 050): API keys that authenticate the public API, and the log of their requests.
-- A key is stored as its SHA-256 only (a leaked table cannot be replayed as keys), with its first and last 8
-- characters to show it masked. The log is bounded: a daily job keeps 30 days and at most 10,000 rows a user.
CREATE TABLE "api_keys" (
  "id" serial PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "key_hash" text NOT NULL UNIQUE,
  "key_prefix" text NOT NULL,
  "key_suffix" text NOT NULL,
  "scopes" text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "api_keys_owner_live_idx" ON "api_keys" ("owner_id") WHERE "revoked_at" is null;--> statement-breakpoint
CREATE TABLE "api_request_logs" (
  "id" serial PRIMARY KEY NOT NULL,
  "api_key_id" integer NOT NULL REFERENCES "api_keys"("id") ON DELETE cascade,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "method" text NOT NULL,
  "path" text NOT NULL,
  "status" integer NOT NULL,
  "duration_ms" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "api_request_logs_owner_idx" ON "api_request_logs" ("owner_id", "id");--> statement-breakpoint
CREATE INDEX "api_request_logs_created_idx" ON "api_request_logs" ("created_at");
