import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/**
 * An API key (ADR 050). The key itself is never stored: only its SHA-256 (what a request's key is looked up
 * by) and its first and last 8 characters, to show it masked. A revoked key keeps its row (its requests stay in
 * the log) and is never found again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key_hash: text('key_hash').notNull().unique(),
    key_prefix: text('key_prefix').notNull(),
    key_suffix: text('key_suffix').notNull(),
    scopes: text('scopes').array().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_owner_live_idx')
      .on(t.owner_id)
      .where(sql`${t.revoked_at} is null`),
  ],
);

/** One request made with an API key: kept 30 days and at most 10,000 per user (a daily job prunes). */
export const apiRequestLogs = pgTable(
  'api_request_logs',
  {
    id: serial('id').primaryKey(),
    api_key_id: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_request_logs_owner_idx').on(t.owner_id, t.id),
    index('api_request_logs_created_idx').on(t.created_at),
  ],
);
