import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CashUpMethodTotals } from '@tt/domain';
import { users } from '../auth/tables.ts';

/** A shop's till settings: the markup on cost that prices an item without a price of its own. */
export const posSettings = pgTable(
  'pos_settings',
  {
    business_id: integer('business_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hundredths of a percent (3000 = 30%). */
    markup_basis_points: integer('markup_basis_points').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pos_settings_markup_check', sql`${t.markup_basis_points} >= 0`)],
);

/** The retail price (VAT included) the owner set for one of the shop's inventory products. */
export const posPrices = pgTable(
  'pos_prices',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The inventory area's product (the shop's item). */
    inventory_product_id: integer('inventory_product_id').notNull(),
    price_cents: bigint('price_cents', { mode: 'number' }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.inventory_product_id] }),
    check('pos_prices_price_check', sql`${t.price_cents} >= 0`),
  ],
);

/**
 * A till sale. client_sale_id is made on the device: a repeat (an offline sale sent again) finds this row
 * instead of selling twice. transaction_number is the device's receipt number when it made one.
 */
export const posSales = pgTable(
  'pos_sales',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_sale_id: text('client_sale_id').notNull(),
    transaction_number: text('transaction_number').notNull(),
    subtotal_cents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    discount_basis_points: integer('discount_basis_points').notNull().default(0),
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    vat_cents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull(),
    cost_cents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    payment_method: text('payment_method').notNull(),
    amount_tendered_cents: bigint('amount_tendered_cents', { mode: 'number' }),
    customer_name: text('customer_name'),
    customer_phone: text('customer_phone'),
    offline: boolean('offline').notNull().default(false),
    stock_short: boolean('stock_short').notNull().default(false),
    rung_up_at: timestamp('rung_up_at', { withTimezone: true }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A refund or void of the whole sale: its stock came back and its books were reversed. */
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    refund_reason: text('refund_reason'),
    /** The cash-up that covers the sale (null until the till's session is cashed up). */
    cash_up_id: integer('cash_up_id').references((): AnyPgColumn => posCashUps.id),
    /** The cash-up that covers the refund (it may be a later one than the sale's). */
    refund_cash_up_id: integer('refund_cash_up_id').references((): AnyPgColumn => posCashUps.id),
  },
  (t) => [
    uniqueIndex('pos_sales_client_sale_uq').on(t.business_id, t.client_sale_id),
    uniqueIndex('pos_sales_number_uq').on(t.business_id, t.transaction_number),
    index('pos_sales_business_created_idx').on(t.business_id, t.created_at),
    index('pos_sales_uncashed_idx')
      .on(t.business_id)
      .where(
        sql`${t.cash_up_id} is null or (${t.refunded_at} is not null and ${t.refund_cash_up_id} is null)`,
      ),
    check(
      'pos_sales_method_check',
      sql`${t.payment_method} in ('cash', 'card', 'mobile', 'qr_code', 'tap_pay')`,
    ),
    check('pos_sales_total_check', sql`${t.total_cents} = ${t.subtotal_cents} - ${t.discount_cents}`),
  ],
);

/** A line of a till sale: name and SKU copied at the sale, so the receipt reads the same later. */
export const posSaleLines = pgTable(
  'pos_sale_lines',
  {
    id: serial('id').primaryKey(),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => posSales.id, { onDelete: 'cascade' }),
    inventory_product_id: integer('inventory_product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unit_price_cents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    unit_cost_cents: bigint('unit_cost_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('pos_sale_lines_sale_idx').on(t.sale_id),
    check('pos_sale_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * A cash-up (ADR 017): it closes the till's session. session numbers a business's cash-ups 1, 2, 3...;
 * the unique (business, session) makes a second submit of the same session fail, so it is recorded once.
 * The totals per method are kept as they were counted (jsonb), with the float, expected, counted and the
 * difference posted (Cash over/short).
 */
export const posCashUps = pgTable(
  'pos_cash_ups',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session: integer('session').notNull(),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    methods: jsonb('methods').$type<CashUpMethodTotals[]>().notNull(),
    float_cents: bigint('float_cents', { mode: 'number' }).notNull().default(0),
    expected_cents: bigint('expected_cents', { mode: 'number' }).notNull(),
    counted_cents: bigint('counted_cents', { mode: 'number' }).notNull(),
    difference_cents: bigint('difference_cents', { mode: 'number' }).notNull(),
    notes: text('notes'),
    journal_reference: text('journal_reference'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pos_cash_ups_session_uq').on(t.business_id, t.session),
    check('pos_cash_ups_float_check', sql`${t.float_cents} >= 0 and ${t.counted_cents} >= 0`),
    check(
      'pos_cash_ups_difference_check',
      sql`${t.difference_cents} = ${t.counted_cents} - ${t.expected_cents}`,
    ),
  ],
);
