import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable jobs (docs/decisions/007). `key` is unique per occurrence (e.g. `governance.close-vote:42`,
 * `demo.restore@2026-11-23T02:00:00.000Z`), so enqueueing the same occurrence twice makes one row.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** pending (waiting or retrying), succeeded, failed (attempts used up). */
    status: text('status').notNull().default('pending'),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    last_error: text('last_error'),
    locked_by: text('locked_by'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.run_at, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_status_idx').on(t.status, t.updated_at),
    check('jobs_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/** Events written in the transaction of the change they describe; the dispatcher turns them into jobs. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatched_at: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatched_at} IS NULL`),
  ],
);
