import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/** A user's plan. No row: the free plan. */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan_tier: text('plan_tier').notNull(),
  status: text('status').notNull().default('active'),
  started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  next_payment_date: date('next_payment_date'),
});
