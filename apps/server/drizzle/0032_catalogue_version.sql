-- Issue 9, ADR 026: the buyers' catalogue keeps which products match each question (ids, in order) until the
-- catalogue changes, instead of for 5 s. `catalogue_version` counts the changes that can alter which products
-- match or their order (a product added, removed, renamed, moved, repriced, switched on or off; any category
-- change); statement-level triggers bump it once per statement, so a bulk upload of 10,000 rows bumps it once.
-- Stock is left out on purpose: every sale writes it, and one counter row would queue every checkout behind
-- the others (the stock order keeps a short time limit instead). Each catalogue request reads the version in
-- the same statement as its page, so a change made through any instance shows at the next request.
CREATE TABLE "catalogue_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    update catalogue_version set version = version + 1 where id = 1;
    return null;
  end
$$;--> statement-breakpoint
-- A department's products are one index range (department, sort key, id): the department of a product is its
-- category's parent (or the category itself when it is a department), kept by triggers.
ALTER TABLE "products" ADD COLUMN "department_id" integer;--> statement-breakpoint
UPDATE "products" p SET "department_id" = coalesce(c.parent_id, c.id)
  FROM "categories" c WHERE c.id = p.category_id;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "department_id" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_department() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    new.department_id := (select coalesce(c.parent_id, c.id) from categories c where c.id = new.category_id);
    return new;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "products_department" BEFORE INSERT OR UPDATE OF "category_id", "department_id"
  ON "products" FOR EACH ROW EXECUTE FUNCTION products_department();--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_department() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    if new.parent_id is distinct from old.parent_id then
      update products p set department_id = coalesce(new.parent_id, new.id) where p.category_id = new.id;
    end if;
    return null;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "categories_department" AFTER UPDATE OF "parent_id" ON "categories"
  FOR EACH ROW EXECUTE FUNCTION categories_department();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR DELETE OR UPDATE OF "name", "brand",
  "category_id", "department_id", "selling_price_cents", "is_active", "search_document"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_changed" AFTER INSERT OR DELETE OR UPDATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_truncated" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
-- A department's order under each sort, index-only for its ids (the filter columns as INCLUDE columns).
CREATE INDEX "products_active_department_name_idx" ON "products" USING btree
  ("department_id", lower("name") collate "C", "id") INCLUDE ("category_id", "selling_price_cents", "name")
  WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_department_price_idx" ON "products" USING btree
  ("department_id", "selling_price_cents", "id") INCLUDE ("category_id") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_department_stock_idx" ON "products" USING btree
  ("department_id", "stock_quantity", "id") INCLUDE ("category_id", "selling_price_cents") WHERE "is_active";
