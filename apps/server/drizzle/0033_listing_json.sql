-- Issue 9, ADR 036: a product's own fields as the catalogue's JSON writes them, kept in its row by a trigger, so
-- that a page of a kept answer concatenates text instead of building each product's JSON at every request
-- (`row_to_json` was most of the per-product cost of that statement). It is written in the same statement as the
-- row it describes, from that row alone, so it can never disagree with it: price and stock are read live with the
-- row, as before. The fields of other tables (the category's name and parent, the seller's name) are read at each
-- request with the row, as before. The text is the inside of the object, without its braces; its keys are in the
-- order of the catalogue's `toProduct`, up to `seller_id`.
CREATE OR REPLACE FUNCTION products_listing_json() RETURNS trigger LANGUAGE plpgsql AS $$
  declare
    listing text;
  begin
    select row_to_json(r)::text into listing
      from (select new.id as id, new.id as product_id, new.name as name, new.brand as brand, new.sku as sku,
                   new.description as description, new.image_url as image_url, new.category_id as category_id,
                   new.selling_price_cents::float8 / 100 as selling_price, new.mrp_cents::float8 / 100 as mrp,
                   new.minimum_order_quantity as minimum_order_quantity, new.stock_quantity as stock_quantity,
                   new.is_active as is_active, new.seller_id as seller_id) r;
    new.listing_json := substr(listing, 2, length(listing) - 2);
    return new;
  end
$$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_json" text;--> statement-breakpoint
-- Every insert and every update: any of the fields may change, and a whole-row trigger cannot miss one.
CREATE TRIGGER "products_listing_json" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_listing_json();--> statement-breakpoint
-- The rows already there (the statement-level version trigger does not fire: no column it watches is set).
UPDATE "products" SET "listing_json" = NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "listing_json" SET NOT NULL;
