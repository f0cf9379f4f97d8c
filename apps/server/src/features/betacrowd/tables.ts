import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/** Crowdfunding (ADR 052). Money in integer cents; rates in basis points (14.5% = 1450). */
export const crowdCampaigns = pgTable(
  'crowd_campaigns',
  {
    id: serial('id').primaryKey(),
    entrepreneur_id: integer('entrepreneur_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaign_title: text('campaign_title').notNull(),
    description: text('description').notNull(),
    campaign_type: text('campaign_type').notNull(),
    target_cents: integer('target_cents').notNull(),
    raised_cents: integer('raised_cents').notNull().default(0),
    minimum_investment_cents: integer('minimum_investment_cents').notNull(),
    interest_bp: integer('interest_bp').notNull(),
    loan_term_months: integer('loan_term_months').notNull(),
    repayment_frequency: text('repayment_frequency').notNull(),
    risk_level: text('risk_level').notNull(),
    status: text('status').notNull().default('pending_review'),
    collateral_description: text('collateral_description').notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    /** Set when an admin approves it: investors can see it from then on. */
    start_date: timestamp('start_date', { withTimezone: true }),
    review_note: text('review_note'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** Instalments recorded so far, and what they came to. */
    repaid_instalments: integer('repaid_instalments').notNull().default(0),
    repaid_cents: integer('repaid_cents').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crowd_campaigns_entrepreneur_idx').on(t.entrepreneur_id),
    index('crowd_campaigns_status_idx').on(t.status),
    // The last line of defence behind the conditional update in invest: never more than the target.
    check('crowd_campaigns_raised', sql`${t.raised_cents} >= 0 and ${t.raised_cents} <= ${t.target_cents}`),
  ],
);

/** One row per user who has a wallet; its balance is the sum of its movements, kept in the same transaction. */
export const crowdWallets = pgTable(
  'crowd_wallets',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance_cents: integer('balance_cents').notNull().default(0),
  },
  (t) => [check('crowd_wallets_not_negative', sql`${t.balance_cents} >= 0`)],
);

export const crowdInvestments = pgTable(
  'crowd_investments',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => crowdCampaigns.id, { onDelete: 'cascade' }),
    investor_id: integer('investor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount_cents: integer('amount_cents').notNull(),
    /** The Idempotency-Key it was made with: the same key never invests twice. */
    idempotency_key: text('idempotency_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crowd_investments_key_unique').on(t.investor_id, t.idempotency_key),
    index('crowd_investments_campaign_idx').on(t.campaign_id),
    check('crowd_investments_positive', sql`${t.amount_cents} > 0`),
  ],
);

export const crowdRepayments = pgTable(
  'crowd_repayments',
  {
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => crowdCampaigns.id, { onDelete: 'cascade' }),
    instalment_number: integer('instalment_number').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'crowd_repayments_pk', columns: [t.campaign_id, t.instalment_number] })],
);

export const crowdWalletMovements = pgTable(
  'crowd_wallet_movements',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Signed cents: in is positive, an investment negative. */
    amount_cents: integer('amount_cents').notNull(),
    method: text('method'),
    /** Kept when the campaign goes (a demo restore): the wallet stays the sum of its movements. */
    campaign_id: integer('campaign_id').references(() => crowdCampaigns.id, { onDelete: 'set null' }),
    investment_id: integer('investment_id').references(() => crowdInvestments.id, { onDelete: 'set null' }),
    instalment_number: integer('instalment_number'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crowd_wallet_movements_user_idx').on(t.user_id, t.created_at)],
);
