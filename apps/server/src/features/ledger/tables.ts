import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/** The chart of accounts (reference data, the same for every business). */
export const ledgerAccounts = pgTable('ledger_accounts', {
  code: integer('code').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
});

/**
 * A posted journal entry of one business. Never updated or deleted by the app: a reversal entry (its
 * `reverses_id` names the original, at most one per original) corrects it.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entry_date: date('entry_date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    source: text('source').notNull(),
    /** The record that caused an automatic posting (an order, a subscription change...). */
    source_id: integer('source_id'),
    reverses_id: integer('reverses_id'),
    created_by: integer('created_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_business_date_idx').on(t.business_id, t.entry_date),
    uniqueIndex('journal_entries_reverses_uq').on(t.reverses_id),
    // One automatic posting per cause and business: a retried transaction cannot post twice.
    uniqueIndex('journal_entries_source_uq')
      .on(t.business_id, t.source, t.source_id)
      .where(sql`${t.source_id} is not null`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    business_id: integer('business_id').notNull(),
    account_code: integer('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    debit_cents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    credit_cents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    /** Bank lines only: matched with the bank statement (Bank Reconciliation). */
    reconciled: boolean('reconciled').notNull().default(false),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entry_id),
    index('journal_lines_business_account_idx').on(t.business_id, t.account_code),
    check(
      'journal_lines_one_side',
      sql`${t.debit_cents} >= 0 and ${t.credit_cents} >= 0 and (${t.debit_cents} > 0) <> (${t.credit_cents} > 0)`,
    ),
  ],
);
