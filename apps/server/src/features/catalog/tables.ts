import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** null: a department (top level). */
  parent_id: integer('parent_id').references((): AnyPgColumn => categories.id),
});

/** PostgreSQL's tsvector, read only by SQL (never selected into the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /**
     * The category's department (its parent, or itself when it is a department), kept by triggers
     * (migration 0032) and never written by the app: a department's products are one index range.
     */
    department_id: integer('department_id'),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    /** Unique per seller (migration 0016), not across sellers. */
    sku: text('sku').notNull(),
    description: text('description'),
    image_url: text('image_url'),
    selling_price_cents: integer('selling_price_cents').notNull(),
    mrp_cents: integer('mrp_cents').notNull(),
    minimum_order_quantity: integer('minimum_order_quantity').notNull().default(1),
    stock_quantity: integer('stock_quantity').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The bulk upload template's extra columns (migration 0024), kept as the seller gave them. */
    barcode: text('barcode'),
    unit_type: text('unit_type'),
    pack_size: integer('pack_size'),
    wholesale_price_cents: integer('wholesale_price_cents'),
    /**
     * The weighted search document (name A, brand B, category name C), kept by triggers (migration 0006):
     * category names live in another table, so it cannot be a generated column.
     */
    search_document: tsvector('search_document'),
    // Not declared here: `listing_json`, the product as the catalogue's JSON writes it (its category's and seller's
    // names included), kept by triggers (migrations 0033 and 0041, ADR 036 and 057) and read only by a kept page's
    // statement (kept-page.ts), so that the app's whole-row reads of products do not carry it.
  },
  (t) => [
    index('products_seller_idx').on(t.seller_id),
    uniqueIndex('products_seller_sku_unique').on(t.seller_id, t.sku),
    index('products_category_idx').on(t.category_id),
    index('products_active_price_idx').on(t.is_active, t.selling_price_cents),
    // The marketplace's full-text search (migration 0006).
    index('products_search_idx').using('gin', t.search_document),
    // One partial index per sort of the buyers' catalogue (active products), each ending in id, the tiebreak,
    // and carrying the filter columns (INCLUDE in migration 0006; Drizzle has no word for it) so the ids of
    // a department or a price band come from the index alone.
    index('products_active_name_sort_idx')
      .on(sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_price_sort_idx')
      .on(t.selling_price_cents, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_stock_sort_idx')
      .on(t.stock_quantity, t.id)
      .where(sql`${t.is_active}`),
    // A category's products in each sort.
    index('products_active_category_name_idx')
      .on(t.category_id, sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_category_price_idx')
      .on(t.category_id, t.selling_price_cents, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_category_stock_idx')
      .on(t.category_id, t.stock_quantity, t.id)
      .where(sql`${t.is_active}`),
    // A department's products in each sort (migration 0032, with INCLUDE columns for the category and price).
    index('products_active_department_name_idx')
      .on(t.department_id, sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_department_price_idx')
      .on(t.department_id, t.selling_price_cents, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_department_stock_idx')
      .on(t.department_id, t.stock_quantity, t.id)
      .where(sql`${t.is_active}`),
  ],
);

/** Every word of the catalogue's names, brands and categories (kept by triggers): where a typo finds its word. */
export const catalogueWords = pgTable('catalogue_words', { word: text('word').primaryKey() }, (t) => [
  index('catalogue_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The catalogue's version (one row, migration 0032): bumped by statement triggers whenever which products
 * match a question or their order (other than by stock) may have changed. Read with every catalogue page.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
