CREATE TABLE "crm_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"company_name" text,
	"client_email" text,
	"client_phone" text,
	"address" text,
	"client_type" text DEFAULT 'prospect' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"client_value_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"won_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_clients_type_check" CHECK ("client_type" in ('prospect', 'lead', 'customer')),
	CONSTRAINT "crm_clients_status_check" CHECK ("status" in ('open', 'won', 'lost')),
	CONSTRAINT "crm_clients_value_check" CHECK ("client_value_cents" >= 0),
	CONSTRAINT "crm_clients_won_check" CHECK (("status" = 'won') = ("won_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "crm_clients_owner_idx" ON "crm_clients" USING btree ("owner_id","updated_at");
--> statement-breakpoint
CREATE INDEX "crm_clients_won_idx" ON "crm_clients" USING btree ("owner_id","won_at");
--> statement-breakpoint
CREATE TABLE "crm_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"created_by" integer,
	"activity_type" text NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"activity_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_type_check" CHECK ("activity_type" in ('call', 'meeting', 'email', 'other'))
);
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_client_id_crm_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."crm_clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "crm_activities_client_idx" ON "crm_activities" USING btree ("client_id","activity_date");
--> statement-breakpoint
CREATE INDEX "crm_activities_date_idx" ON "crm_activities" USING btree ("activity_date");
--> statement-breakpoint
CREATE TABLE "crm_sales_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_id" integer NOT NULL,
	"month" date NOT NULL,
	"target_cents" bigint NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_sales_targets_rep_month_unique" UNIQUE("rep_id","month"),
	CONSTRAINT "crm_sales_targets_amount_check" CHECK ("target_cents" > 0),
	CONSTRAINT "crm_sales_targets_month_check" CHECK (extract(day from "month") = 1)
);
--> statement-breakpoint
ALTER TABLE "crm_sales_targets" ADD CONSTRAINT "crm_sales_targets_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "crm_sales_targets" ADD CONSTRAINT "crm_sales_targets_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
