import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../auth/tables.ts';
import { cooperatives } from '../cooperatives/tables.ts';

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    vote_type: text('vote_type').notNull().default('general_resolution'),
    start_date: timestamp('start_date', { withTimezone: true }),
    end_date: timestamp('end_date', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    /** Fixed when the vote completes; null while it runs. */
    outcome: text('outcome'),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('votes_coop_idx').on(t.coop_id, t.status)],
);

export const ballots = pgTable(
  'ballots',
  {
    id: serial('id').primaryKey(),
    vote_id: integer('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ballots_vote_user_uq').on(t.vote_id, t.user_id)],
);

export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    meeting_date: timestamp('meeting_date', { withTimezone: true }),
    agenda: text('agenda'),
    status: text('status').notNull().default('scheduled'),
    attendees_count: integer('attendees_count').notNull().default(0),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meetings_coop_idx').on(t.coop_id, t.meeting_date)],
);

export const meetingAttendance = pgTable(
  'meeting_attendance',
  {
    id: serial('id').primaryKey(),
    meeting_id: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('meeting_attendance_meeting_user_uq').on(t.meeting_id, t.user_id)],
);

/** A cooperative's ledger. Reviewed rows are never updated or deleted: a correction is a new, reversing row. */
export const coopTransactions = pgTable(
  'coop_transactions',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    transaction_type: text('transaction_type').notNull(),
    /** Signed: money into the cooperative positive, out negative. */
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    description: text('description').notNull(),
    reference_number: text('reference_number').notNull().unique(),
    reviewed_by: integer('reviewed_by').references(() => users.id),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    review_note: text('review_note'),
    reverses_id: integer('reverses_id').references((): AnyPgColumn => coopTransactions.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coop_transactions_coop_idx').on(t.coop_id, t.created_at),
    check('coop_transactions_amount_nonzero', sql`${t.amount_cents} <> 0`),
  ],
);
