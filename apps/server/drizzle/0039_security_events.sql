-- Security Center (ADR 054): the deployment's real security events (sign-ins, failed sign-ins, sign-outs, API keys
-- made and revoked, role changes), written in the same transaction as what they record, and the device and
-- address a session was opened from, so its owner can recognise it and end it. Events are kept 90 days (a daily
-- job); a failed sign-in names no account. A session gets a number its owner may see (its id is the token's hash).
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"ip" text,
	"device" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "number" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_number_unique" ON "sessions" USING btree ("number");
