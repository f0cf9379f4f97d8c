import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { PROMOTION_TYPES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Trade promotions (issue 12 point 4): the seller's own, on their own products. */
export const promotions = pgTable(
  'trade_promotions',
  {
    id: serial('id').primaryKey(),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promotion_name: text('promotion_name').notNull(),
    promotion_type: text('promotion_type').notNull(),
    description: text('description').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    minimum_order_value_cents: bigint('minimum_order_value_cents', { mode: 'number' }).notNull().default(0),
    /** Tenths of a percent off each unit (125 = 12.5%); 0 when the discount is an amount. */
    discount_tenths: integer('discount_tenths').notNull().default(0),
    discount_amount_cents: bigint('discount_amount_cents', { mode: 'number' }).notNull().default(0),
    /** The product ids it covers; empty covers all of the supplier's products. */
    target_products: integer('target_products')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    terms_conditions: text('terms_conditions'),
    promotion_fee_cents: bigint('promotion_fee_cents', { mode: 'number' }).notNull().default(0),
    /** The most orders that may use it (migration 0030); null: no limit. */
    max_uses: integer('max_uses'),
    published_at: timestamp('published_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_promotions_supplier_idx').on(t.supplier_id),
    index('trade_promotions_dates_idx').on(t.start_date, t.end_date),
    check('trade_promotions_type_check', sql`${t.promotion_type} in (${inList(PROMOTION_TYPES)})`),
    check('trade_promotions_dates_check', sql`${t.end_date} >= ${t.start_date}`),
    check('trade_promotions_max_uses_check', sql`${t.max_uses} is null or ${t.max_uses} > 0`),
    check('trade_promotions_min_check', sql`${t.minimum_order_value_cents} >= 0`),
    check(
      'trade_promotions_discount_check',
      sql`(${t.discount_tenths} between 1 and 1000 and ${t.discount_amount_cents} = 0) or (${t.discount_tenths} = 0 and ${t.discount_amount_cents} > 0)`,
    ),
  ],
);

/** What each promotion took off each order (checkout records it), for the figures and the fee. */
export const promotionUses = pgTable(
  'trade_promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotion_id: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    order_id: integer('order_id').notNull(),
    discount_cents: bigint('discount_cents', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('trade_promotion_uses_order_unique').on(t.promotion_id, t.order_id),
    check('trade_promotion_uses_discount_check', sql`${t.discount_cents} > 0`),
  ],
);
