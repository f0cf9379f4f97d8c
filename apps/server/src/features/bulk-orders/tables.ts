import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';
import { cooperatives } from '../cooperatives/tables.ts';

export const bulkOrders = pgTable(
  'bulk_orders',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    unit_price_cents: integer('unit_price_cents').notNull(),
    /** The discount in hundredths of a percent (12.5% = 1250), so no float is stored. */
    bulk_discount_hundredths: integer('bulk_discount_hundredths').notNull().default(0),
    final_unit_price_cents: integer('final_unit_price_cents').notNull(),
    minimum_quantity: integer('minimum_quantity').notNull().default(1),
    current_quantity: integer('current_quantity').notNull().default(0),
    target_quantity: integer('target_quantity').notNull(),
    end_date: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('active'),
    /**
     * What the seller promised when accepting a proposed order (never more than their stock then); joins
     * never pass it. Null for an order at list price, whose joins are capped by the product's stock.
     */
    committed_quantity: integer('committed_quantity'),
    /** The seller's reason when they declined a proposed order; the coordinator sees it. */
    decline_reason: text('decline_reason'),
    /** When the seller accepted or declined the proposal. */
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** When it completed (orders placed) or was cancelled below target (ADR 025). */
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** The coordinator who closed it before its end date, once its target was met. */
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_orders_status_idx').on(t.status, t.created_at),
    index('bulk_orders_coop_idx').on(t.coop_id),
    index('bulk_orders_product_idx').on(t.product_id),
    check('bulk_orders_quantities', sql`${t.current_quantity} >= 0 and ${t.target_quantity} > 0`),
    check(
      'bulk_orders_committed_positive',
      sql`${t.committed_quantity} is null or ${t.committed_quantity} > 0`,
    ),
  ],
);

export const bulkOrderParticipations = pgTable(
  'bulk_order_participations',
  {
    id: serial('id').primaryKey(),
    bulk_order_id: integer('bulk_order_id')
      .notNull()
      .references(() => bulkOrders.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity_ordered: integer('quantity_ordered').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    final_unit_price_cents: integer('final_unit_price_cents').notNull(),
    total_amount_cents: bigint('total_amount_cents', { mode: 'number' }).notNull(),
    payment_status: text('payment_status').notNull().default('pending'),
    /** The order (orders area) the participation became when the bulk order completed. */
    order_id: integer('order_id'),
    /** Why no order could be placed for it at completion (the error's code). */
    failure_reason: text('failure_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_participations_user_idx').on(t.user_id),
    index('bulk_participations_order_idx').on(t.bulk_order_id),
    // One member joins a bulk order once (parallel joins by one user made one participation each).
    uniqueIndex('bulk_participations_order_user_uq').on(t.bulk_order_id, t.user_id),
  ],
);
