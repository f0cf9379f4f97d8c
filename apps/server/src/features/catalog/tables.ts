import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** null: a department (top level). */
  parent_id: integer('parent_id').references((): AnyPgColumn => categories.id),
});

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
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    sku: text('sku').notNull().unique(),
    description: text('description'),
    image_url: text('image_url'),
    selling_price_cents: integer('selling_price_cents').notNull(),
    mrp_cents: integer('mrp_cents').notNull(),
    minimum_order_quantity: integer('minimum_order_quantity').notNull().default(1),
    stock_quantity: integer('stock_quantity').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_seller_idx').on(t.seller_id),
    index('products_category_idx').on(t.category_id),
    index('products_active_price_idx').on(t.is_active, t.selling_price_cents),
    // The marketplace's substring search: ILIKE '%term%' on name or brand through trigram indexes.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_brand_trgm_idx').using('gin', t.brand.op('gin_trgm_ops')),
    // One partial index per sort of the buyers' catalogue (active products), each ending in id, the tiebreak.
    index('products_active_name_sort_idx')
      .on(sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_price_sort_idx')
      .on(t.selling_price_cents, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_stock_sort_idx')
      .on(t.stock_quantity, t.id)
      .where(sql`${t.is_active}`),
    index('products_active_category_price_idx')
      .on(t.category_id, t.selling_price_cents, t.id)
      .where(sql`${t.is_active}`),
  ],
);
