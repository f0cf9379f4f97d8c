CREATE TABLE "learning_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"difficulty_level" text NOT NULL,
	"content_type" text DEFAULT 'article' NOT NULL,
	"image" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "learning_modules_slug_unique" UNIQUE("slug"),
	CONSTRAINT "learning_modules_category_check" CHECK ("category" in ('stock', 'pricing', 'finance', 'tax', 'cooperatives', 'food_safety', 'marketing')),
	CONSTRAINT "learning_modules_level_check" CHECK ("difficulty_level" in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "learning_modules_content_type_check" CHECK ("content_type" in ('article', 'video', 'interactive'))
);
--> statement-breakpoint
CREATE TABLE "learning_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"image" text NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "learning_lessons_module_slug_unique" UNIQUE("module_id","slug"),
	CONSTRAINT "learning_lessons_duration_check" CHECK ("duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "learning_enrollments" (
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_enrollments_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "learning_lesson_progress" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "learning_ratings" (
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_ratings_user_id_module_id_pk" PRIMARY KEY("user_id","module_id"),
	CONSTRAINT "learning_ratings_rating_check" CHECK ("rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "learning_lessons" ADD CONSTRAINT "learning_lessons_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_enrollments" ADD CONSTRAINT "learning_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_enrollments" ADD CONSTRAINT "learning_enrollments_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_lesson_id_learning_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."learning_lessons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_lesson_progress" ADD CONSTRAINT "learning_lesson_progress_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_ratings" ADD CONSTRAINT "learning_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learning_ratings" ADD CONSTRAINT "learning_ratings_module_id_learning_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."learning_modules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "learning_enrollments_module_idx" ON "learning_enrollments" USING btree ("module_id");
--> statement-breakpoint
CREATE INDEX "learning_lesson_progress_user_module_idx" ON "learning_lesson_progress" USING btree ("user_id","module_id");
--> statement-breakpoint
CREATE INDEX "learning_ratings_module_idx" ON "learning_ratings" USING btree ("module_id");
