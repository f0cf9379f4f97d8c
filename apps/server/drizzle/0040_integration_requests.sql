-- Integrations (ADR 055): the marketplace services each user asked for. One row per user and service, so a repeated
-- or simultaneous request is one row; withdrawing deletes it.
CREATE TABLE "integration_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"integration_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "integration_requests" ADD CONSTRAINT "integration_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_requests_user_key_unique" ON "integration_requests" USING btree ("user_id","integration_key");--> statement-breakpoint
CREATE INDEX "integration_requests_key_idx" ON "integration_requests" USING btree ("integration_key");
