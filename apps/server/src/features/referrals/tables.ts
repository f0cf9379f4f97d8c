import { sql } from 'drizzle-orm';
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
import { REFERRAL_STATUSES, REWARD_KINDS } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Who brought whom (issue 13 point 3): one row per referred trader, so nobody is referred twice. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrer_id: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referred_id: integer('referred_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The code the trader arrived with, as it was then. */
    code: text('code').notNull(),
    status: text('status').notNull().default('pending'),
    reward_cents: bigint('reward_cents', { mode: 'number' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verified_at: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrer_id, t.created_at),
    check('referrals_status_check', sql`${t.status} in (${inList(REFERRAL_STATUSES)})`),
    check('referrals_not_self_check', sql`${t.referrer_id} <> ${t.referred_id}`),
    check('referrals_reward_check', sql`${t.reward_cents} >= 0`),
    check('referrals_verified_check', sql`(${t.status} = 'pending') = (${t.verified_at} is null)`),
  ],
);

/**
 * The rewards balance as a ledger: a credit per verified referral (at most one, by the unique
 * referral_id), and later the amounts used at checkout. The balance is the sum; rows are never changed.
 */
export const rewardEntries = pgTable(
  'reward_entries',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    referral_id: integer('referral_id')
      .unique()
      .references(() => referrals.id, { onDelete: 'set null' }),
    /** The order that spent the credit (checkout_use) or gave it back (checkout_release); migration 0030. */
    order_id: integer('order_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_entries_user_idx').on(t.user_id, t.created_at),
    uniqueIndex('reward_entries_order_kind_unique')
      .on(t.order_id, t.kind)
      .where(sql`${t.order_id} is not null`),
    check('reward_entries_kind_check', sql`${t.kind} in (${inList(REWARD_KINDS)})`),
    check('reward_entries_amount_check', sql`${t.amount_cents} <> 0`),
  ],
);
