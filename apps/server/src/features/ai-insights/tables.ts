import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

/**
 * A recommendation a user dismissed (ADR 053). The key names its kind, its item and the bucket of its figure, so a
 * card whose figures change materially has a new key and shows again; undo deletes the row.
 */
export const aiInsightDismissals = pgTable(
  'ai_insight_dismissals',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_insight_dismissals_user_key_unique').on(t.user_id, t.key),
    index('ai_insight_dismissals_user_idx').on(t.user_id, t.created_at),
  ],
);
