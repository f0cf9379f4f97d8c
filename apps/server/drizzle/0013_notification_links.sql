ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "link" text;
