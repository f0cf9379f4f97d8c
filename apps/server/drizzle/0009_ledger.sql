-- Issue 11 point 3: the books. A chart of accounts (reference data), journal entries per business and
-- their lines in integer cents; an order's paid mark.
CREATE TABLE "ledger_accounts" (
	"code" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "ledger_accounts_type_check" CHECK ("type" in ('asset', 'liability', 'equity', 'income', 'expense'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"entry_date" date NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"reverses_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "journal_entries_business_date_idx" ON "journal_entries" USING btree ("business_id","entry_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_uq" ON "journal_entries" USING btree ("reverses_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_uq" ON "journal_entries" USING btree ("business_id","source","source_id") WHERE "source_id" is not null;
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL REFERENCES "journal_entries"("id") ON DELETE cascade,
	"business_id" integer NOT NULL,
	"account_code" integer NOT NULL REFERENCES "ledger_accounts"("code"),
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"reconciled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "journal_lines_one_side" CHECK ("debit_cents" >= 0 and "credit_cents" >= 0 and ("debit_cents" > 0) <> ("credit_cents" > 0))
);
--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");
--> statement-breakpoint
CREATE INDEX "journal_lines_business_account_idx" ON "journal_lines" USING btree ("business_id","account_code");
--> statement-breakpoint
-- Posted is posted: the database itself refuses to change an entry or a line's account and amounts (only
-- the reconciled mark may change). Deleting stays possible for the owner's account closure and the demo
-- restore, which remove a whole business's books.
CREATE FUNCTION "ledger_refuse_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'journal_lines' AND NEW."entry_id" = OLD."entry_id" AND NEW."business_id" = OLD."business_id"
		AND NEW."account_code" = OLD."account_code" AND NEW."debit_cents" = OLD."debit_cents"
		AND NEW."credit_cents" = OLD."credit_cents" THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'posted journal entries are never edited; post a reversal' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_immutable" BEFORE UPDATE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_edit"();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_immutable" BEFORE UPDATE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_edit"();
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;
