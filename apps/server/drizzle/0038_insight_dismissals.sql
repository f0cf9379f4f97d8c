-- AI Business Insights (ADR 053): the recommendations each user dismissed. The key is the recommendation's kind, item
-- and the bucket of its figure, so a card whose figures change materially comes back by itself.
CREATE TABLE "ai_insight_dismissals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "ai_insight_dismissals" ADD CONSTRAINT "ai_insight_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_insight_dismissals_user_key_unique" ON "ai_insight_dismissals" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "ai_insight_dismissals_user_idx" ON "ai_insight_dismissals" USING btree ("user_id","created_at");
