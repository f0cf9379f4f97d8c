import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/** A report made on a schedule (daily, weekly, monthly); a job makes one report per occurrence. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    report_type: text('report_type').notNull(),
    frequency: text('frequency').notNull(),
    format: text('format').notNull().default('csv'),
    next_run_at: timestamp('next_run_at', { withTimezone: true }).notNull(),
    last_run_at: timestamp('last_run_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx').on(t.next_run_at),
    index('report_schedules_owner_idx').on(t.owner_id),
  ],
);

/**
 * A report file: asked for now (period) or made by a schedule (frequency, occurrence_at). The unique
 * (schedule_id, occurrence_at) is what makes a schedule's occurrence one report however often it runs.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: serial('id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schedule_id: integer('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    occurrence_at: timestamp('occurrence_at', { withTimezone: true }),
    name: text('name').notNull(),
    report_type: text('report_type').notNull(),
    format: text('format').notNull().default('csv'),
    period: text('period'),
    frequency: text('frequency'),
    period_from: timestamp('period_from', { withTimezone: true }).notNull(),
    period_to: timestamp('period_to', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('generating'),
    content: text('content'),
    row_count: integer('row_count'),
    byte_size: integer('byte_size'),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('generated_reports_schedule_occurrence_unique').on(t.schedule_id, t.occurrence_at),
    index('generated_reports_owner_created_idx').on(t.owner_id, t.created_at),
  ],
);
