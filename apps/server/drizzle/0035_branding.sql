-- The deployment's branding (spec 2 White Label Customizer; ADR 049): one row, or none while it has the defaults.
-- `version` goes up with every change, settings or logo: the public GET's ETag and the logo's address carry it. The
-- logo is the JPEG the server re-encoded from the upload (as community pictures, ADR 015), never the bytes sent.
CREATE TABLE "branding" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "primary_color" text NOT NULL,
  "secondary_color" text NOT NULL,
  "accent_color" text NOT NULL,
  "app_name" text NOT NULL,
  "tagline" text NOT NULL,
  "font" text NOT NULL,
  "theme" text NOT NULL,
  "logo" bytea,
  "version" integer NOT NULL DEFAULT 1,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
