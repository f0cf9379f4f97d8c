import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/**
 * A user's request for a marketplace service the product does not connect to (ADR 055): one row per user and
 * service, so asking twice (or twice at once) is one request; withdrawing deletes it. Admins count them.
 */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integration_key: text('integration_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_requests_user_key_unique').on(t.user_id, t.integration_key),
    index('integration_requests_key_idx').on(t.integration_key),
  ],
);
