-- Issue 9, ADR 057: a product's listing JSON is its whole object, the fields of its category (name, parent) and its
-- seller (the name buyers see) included, so that a page of a kept answer reads each product's row and nothing
-- else. Joining the category and the seller for every product of every page was two fifths of that statement's
-- time. The product's own fields are written with its row, as before (migration 0033); the other tables' fields
-- are written again, by the triggers below, in the same statement that renames a category, moves it, or renames a
-- seller: a page never shows a name older than the committed one. Keys in the order of the catalogue's
-- `toProduct`.
CREATE OR REPLACE FUNCTION products_listing_json() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    select row_to_json(r)::text into new.listing_json
      from (select new.id as id, new.id as product_id, new.name as name, new.brand as brand, new.sku as sku,
                   new.description as description, new.image_url as image_url, new.category_id as category_id,
                   new.selling_price_cents::float8 / 100 as selling_price, new.mrp_cents::float8 / 100 as mrp,
                   new.minimum_order_quantity as minimum_order_quantity, new.stock_quantity as stock_quantity,
                   new.is_active as is_active, new.seller_id as seller_id,
                   (select c.name from categories c where c.id = new.category_id) as category_name,
                   (select c.parent_id from categories c where c.id = new.category_id) as parent_id,
                   (select coalesce(u.company_name, u.name) from users u where u.id = new.seller_id)
                     as seller_name) r;
    return new;
  end
$$;--> statement-breakpoint
-- A product's listing is written again by its own row's trigger (every update of a product runs it).
CREATE OR REPLACE FUNCTION categories_listing_json() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    update products p set listing_json = p.listing_json where p.category_id = new.id;
    return null;
  end
$$;--> statement-breakpoint
CREATE TRIGGER "categories_listing_json" AFTER UPDATE OF "name", "parent_id" ON "categories"
  FOR EACH ROW WHEN (new.name IS DISTINCT FROM old.name OR new.parent_id IS DISTINCT FROM old.parent_id)
  EXECUTE FUNCTION categories_listing_json();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_listing_json() RETURNS trigger LANGUAGE plpgsql AS $$
  begin
    update products p set listing_json = p.listing_json where p.seller_id = new.id;
    return null;
  end
$$;--> statement-breakpoint
-- Only a change of the name a seller's listings show (its company's name, or its own without one).
CREATE TRIGGER "users_listing_json" AFTER UPDATE OF "name", "company_name" ON "users"
  FOR EACH ROW WHEN (coalesce(new.company_name, new.name) IS DISTINCT FROM coalesce(old.company_name, old.name))
  EXECUTE FUNCTION users_listing_json();--> statement-breakpoint
-- The rows already there (no column the catalogue's version watches is set: the version stays).
UPDATE "products" SET "listing_json" = "listing_json";
