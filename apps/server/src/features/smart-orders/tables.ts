import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ORDER_FREQUENCIES, PROPOSAL_REASONS, TRADE_OFFER_TYPES } from '@tt/domain';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Auto re-order rules (spec 3 §3). The reorder point is not here: it is the buyer's inventory item's
 * (one reorder point per item), set and read through the inventory area's service.
 */
export const reorderRules = pgTable(
  'smart_reorder_rules',
  {
    id: serial('id').primaryKey(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reorder_quantity: integer('reorder_quantity').notNull(),
    lead_time_days: integer('lead_time_days').notNull().default(7),
    safety_stock: integer('safety_stock').notNull().default(0),
    auto_reorder_enabled: boolean('auto_reorder_enabled').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    /**
     * Fires once per crossing: set false when the rule raises an order, true again once the stock
     * position is back above the threshold. `crossings` numbers the crossings (the run's key).
     */
    armed: boolean('armed').notNull().default(true),
    crossings: integer('crossings').notNull().default(0),
    last_triggered_at: timestamp('last_triggered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('smart_reorder_rules_product_unique').on(t.buyer_id, t.product_id),
    index('smart_reorder_rules_product_idx').on(t.product_id),
    check('smart_reorder_rules_quantity_check', sql`${t.reorder_quantity} > 0`),
    check('smart_reorder_rules_safety_check', sql`${t.safety_stock} >= 0 and ${t.lead_time_days} >= 0`),
  ],
);

/** A line of a scheduled order: the product, how many, and its price when the schedule was saved. */
export interface ScheduledItem {
  product_id: number;
  quantity: number;
  unit_price_cents: number;
}

/** Recurring scheduled orders (spec 3 §3). */
export const scheduledOrders = pgTable(
  'smart_scheduled_orders',
  {
    id: serial('id').primaryKey(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    order_name: text('order_name').notNull(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    next_order_date: date('next_order_date', { mode: 'string' }).notNull(),
    /** The day of the month a monthly or quarterly schedule keeps (the 31st stays the 31st). */
    anchor_day: integer('anchor_day').notNull(),
    last_order_date: date('last_order_date', { mode: 'string' }),
    auto_confirm: boolean('auto_confirm').notNull().default(false),
    notes: text('notes'),
    is_active: boolean('is_active').notNull().default(true),
    items: jsonb('items').$type<ScheduledItem[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('smart_scheduled_orders_buyer_idx').on(t.buyer_id),
    index('smart_scheduled_orders_due_idx')
      .on(t.next_order_date)
      .where(sql`${t.is_active}`),
    check('smart_scheduled_orders_frequency_check', sql`${t.frequency} in (${inList(ORDER_FREQUENCIES)})`),
  ],
);

/**
 * One row per occurrence acted on: a schedule's due date, or a rule's crossing. The unique key is what
 * makes an occurrence place at most one order, however many job runs or instances reach it.
 */
export const smartOrderRuns = pgTable(
  'smart_order_runs',
  {
    id: serial('id').primaryKey(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    source_id: integer('source_id').notNull(),
    occurrence: text('occurrence').notNull(),
    /** placed (an order), proposed (waits for the buyer). */
    outcome: text('outcome').notNull(),
    order_ids: integer('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('smart_order_runs_occurrence_unique').on(t.source, t.source_id, t.occurrence),
    check('smart_order_runs_source_check', sql`${t.source} in ('scheduled_order', 'reorder_rule')`),
  ],
);

/** An occurrence waiting for the buyer to confirm or dismiss (not an order status). */
export const proposedOrders = pgTable(
  'smart_proposed_orders',
  {
    id: serial('id').primaryKey(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    run_id: integer('run_id')
      .notNull()
      .references(() => smartOrderRuns.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    source_id: integer('source_id').notNull(),
    source_name: text('source_name').notNull(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    occurrence_date: date('occurrence_date', { mode: 'string' }).notNull(),
    items: jsonb('items').$type<Array<{ product_id: number; quantity: number }>>().notNull(),
    /** open (waiting), placed, dismissed. */
    status: text('status').notNull().default('open'),
    order_ids: integer('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('smart_proposed_orders_run_unique').on(t.run_id),
    index('smart_proposed_orders_buyer_idx').on(t.buyer_id, t.status),
    check('smart_proposed_orders_reason_check', sql`${t.reason} in (${inList(PROPOSAL_REASONS)})`),
    check('smart_proposed_orders_status_check', sql`${t.status} in ('open', 'placed', 'dismissed')`),
  ],
);

/** Trade offers (spec 3 §3): a seller's, on its own products, priced through DECISIONS 21. */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offer_name: text('offer_name').notNull(),
    offer_type: text('offer_type').notNull(),
    /** Tenths of a percent (percentage and bulk discounts). */
    discount_tenths: integer('discount_tenths').notNull().default(0),
    /** Cents off each unit (fixed discount). */
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    min_quantity: integer('min_quantity').notNull().default(10),
    buy_quantity: integer('buy_quantity').notNull().default(1),
    get_quantity: integer('get_quantity').notNull().default(1),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    minimum_order_value_cents: bigint('minimum_order_value_cents', { mode: 'number' }).notNull().default(0),
    max_uses: integer('max_uses'),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
    products: integer('products')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_offers_seller_idx').on(t.seller_id),
    check('trade_offers_type_check', sql`${t.offer_type} in (${inList(TRADE_OFFER_TYPES)})`),
    check('trade_offers_dates_check', sql`${t.end_date} >= ${t.start_date}`),
    check(
      'trade_offers_values_check',
      sql`${t.discount_tenths} between 0 and 1000 and ${t.discount_cents} >= 0 and ${t.minimum_order_value_cents} >= 0`,
    ),
  ],
);

/** Orders that used an offer (max_uses counts them; a cancellation releases the use). */
export const tradeOfferUses = pgTable(
  'trade_offer_uses',
  {
    id: serial('id').primaryKey(),
    offer_id: integer('offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'restrict' }),
    order_id: integer('order_id').notNull(),
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    released_at: timestamp('released_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('trade_offer_uses_order_unique').on(t.offer_id, t.order_id)],
);
