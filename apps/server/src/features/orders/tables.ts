import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';

/** DECISIONS 19: the serial part of every order number (migration 0014). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

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
    subtotal_cents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    tax_cents: bigint('tax_cents', { mode: 'number' }).notNull(),
    delivery_cents: bigint('delivery_cents', { mode: 'number' }).notNull().default(0),
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
    delivery_option: text('delivery_option').notNull().default('standard'),
    delivery_address: text('delivery_address'),
    notes: text('notes'),
    /** The seller's reason when they declined the order (it is then cancelled); the buyer sees it. */
    decline_reason: text('decline_reason'),
    /** When the buyer marked the delivered order paid (both parties' books post the payment then). */
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /** When the seller moved it to delivered (supply chain analytics: how long each supplier takes). */
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
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
    total_price_cents: bigint('total_price_cents', { mode: 'number' }).notNull(),
    /** Cents off the line by the offer that priced it (DECISIONS 21); total_price_cents is before it. */
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Which offer gave the discount: its kind ('promotion', 'trade_offer', 'bulk_order') and id. */
    offer_type: text('offer_type'),
    offer_id: integer('offer_id'),
  },
  (t) => [index('order_items_order_idx').on(t.order_id), index('order_items_product_idx').on(t.product_id)],
);

/**
 * One row per checkout that succeeded with an Idempotency-Key: the same key again answers the stored
 * response instead of creating anything. The row is written in the checkout's own transaction, so a
 * second request with the key waits for the first and then reads what it answered.
 */
export const checkoutKeys = pgTable(
  'checkout_idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What was bought (items and delivery), so a key reused for a different checkout is refused. */
    request_hash: text('request_hash').notNull(),
    status_code: integer('status_code').notNull().default(201),
    response: jsonb('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);
