import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_number: text('order_number').notNull().unique(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    subtotal_cents: integer('subtotal_cents').notNull(),
    tax_cents: integer('tax_cents').notNull(),
    delivery_cents: integer('delivery_cents').notNull().default(0),
    discount_cents: integer('discount_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    delivery_option: text('delivery_option').notNull().default('standard'),
    delivery_address: text('delivery_address'),
    notes: text('notes'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyer_id, t.created_at),
    index('orders_seller_created_idx').on(t.seller_id, t.created_at),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    total_price_cents: integer('total_price_cents').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);
