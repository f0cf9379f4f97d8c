-- The catalogue's search (issue 9, ADR 005): a weighted full-text document per product (name A, brand B,
-- category name C) behind a GIN index, and a lexicon of the catalogue's words whose trigram index finds a
-- close word for a typo. Category names live in another table, so triggers keep the document in step when
-- a product or a category is renamed.
CREATE OR REPLACE FUNCTION catalogue_document(name text, brand text, category text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    select setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
        || setweight(to_tsvector('english'::regconfig, coalesce(brand, '')), 'B')
        || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'C')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_words_of(body text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    select distinct w from regexp_split_to_table(lower(coalesce(body, '')), '[^[:alnum:]]+') as w
     where length(w) >= 3
  $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
CREATE TABLE "catalogue_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    new.search_document := catalogue_document(
      new.name, new.brand, (select c.name from categories c where c.id = new.category_id));
    return new;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF "name", "brand", "category_id"
  ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    insert into catalogue_words (word)
    select distinct w from new_rows n, catalogue_words_of(n.name || ' ' || n.brand) as w
    on conflict do nothing;
    return null;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "products_words_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_words_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    insert into catalogue_words (word) select catalogue_words_of(new.name || ' ' || new.brand)
    on conflict do nothing;
    return null;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "products_words_renamed" AFTER UPDATE OF "name", "brand" ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_words_renamed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    insert into catalogue_words (word) select catalogue_words_of(new.name) on conflict do nothing;
    if tg_op = 'UPDATE' and new.name is distinct from old.name then
      update products p set search_document = catalogue_document(p.name, p.brand, new.name)
       where p.category_id = new.id;
    end if;
    return null;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "categories_search_document" AFTER INSERT OR UPDATE OF "name" ON "categories"
  FOR EACH ROW EXECUTE FUNCTION categories_search_document();--> statement-breakpoint
UPDATE "products" p SET "search_document" = catalogue_document(p.name, p.brand, c.name)
  FROM "categories" c WHERE c.id = p.category_id;--> statement-breakpoint
INSERT INTO "catalogue_words" ("word")
  SELECT catalogue_words_of(name || ' ' || brand) FROM "products"
  UNION SELECT catalogue_words_of(name) FROM "categories"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "catalogue_words_trgm_idx" ON "catalogue_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The substring search these served is gone; each index cost every product write.
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_brand_trgm_idx";--> statement-breakpoint
-- Each sort under each filter: the sort indexes carry the filter columns (index-only scans for the ids of
-- a department or a price band), and a category has an index per sort.
DROP INDEX "products_active_name_sort_idx";--> statement-breakpoint
DROP INDEX "products_active_price_sort_idx";--> statement-breakpoint
DROP INDEX "products_active_stock_sort_idx";--> statement-breakpoint
CREATE INDEX "products_active_name_sort_idx" ON "products" USING btree (lower("name") collate "C", "id")
  INCLUDE ("category_id", "selling_price_cents") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_sort_idx" ON "products" USING btree ("selling_price_cents", "id")
  INCLUDE ("category_id") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_stock_sort_idx" ON "products" USING btree ("stock_quantity", "id")
  INCLUDE ("category_id", "selling_price_cents") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_name_idx" ON "products" USING btree ("category_id", lower("name") collate "C", "id")
  INCLUDE ("selling_price_cents") WHERE "is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_stock_idx" ON "products" USING btree ("category_id", "stock_quantity", "id")
  INCLUDE ("selling_price_cents") WHERE "is_active";
