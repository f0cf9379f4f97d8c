import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { BILLING_PERIODS, PLAN_TIERS } from '@tt/domain';
import { users } from '../auth/tables.ts';
import { cooperatives } from '../cooperatives/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Reference data (DECISIONS 16): one row per tier with its prices; the limits live in the domain's entitlement table. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    tier: text('tier', { enum: PLAN_TIERS }).notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price_monthly_cents: integer('price_monthly_cents').notNull(),
    price_yearly_cents: integer('price_yearly_cents').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    sort_order: integer('sort_order').notNull(),
  },
  (t) => [
    check('plans_tier_check', sql`${t.tier} in (${inList(PLAN_TIERS)})`),
    check('plans_prices_check', sql`${t.price_monthly_cents} >= 0 and ${t.price_yearly_cents} >= 0`),
  ],
);

export const SUBSCRIPTION_ROW_STATUSES = ['active', 'cancelled'] as const;

/** A user's plan. No row: the free plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan_tier: text('plan_tier', { enum: PLAN_TIERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_ROW_STATUSES }).notNull().default('active'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    next_payment_date: date('next_payment_date'),
    billing_period: text('billing_period', { enum: BILLING_PERIODS }).notNull().default('monthly'),
    /** What each billing period costs (recorded, not charged: DECISIONS 17). */
    amount_cents: integer('amount_cents').notNull().default(0),
    /** The cooperative the upgrade was made for, when the caller named one. */
    coop_id: integer('coop_id').references(() => cooperatives.id, { onDelete: 'set null' }),
    trial_ends_at: timestamp('trial_ends_at', { withTimezone: true }),
  },
  (t) => [
    check('subscriptions_plan_tier_check', sql`${t.plan_tier} in (${inList(PLAN_TIERS)})`),
    check('subscriptions_status_check', sql`${t.status} in (${inList(SUBSCRIPTION_ROW_STATUSES)})`),
    check('subscriptions_billing_period_check', sql`${t.billing_period} in (${inList(BILLING_PERIODS)})`),
  ],
);

/** Every plan change, as recorded (no payment provider is connected: DECISIONS 17). */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from_tier: text('from_tier', { enum: PLAN_TIERS }).notNull(),
    to_tier: text('to_tier', { enum: PLAN_TIERS }).notNull(),
    billing_period: text('billing_period', { enum: BILLING_PERIODS }).notNull(),
    amount_cents: integer('amount_cents').notNull(),
    coop_id: integer('coop_id').references(() => cooperatives.id, { onDelete: 'set null' }),
    first_payment_date: date('first_payment_date'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_user_idx').on(t.user_id)],
);
