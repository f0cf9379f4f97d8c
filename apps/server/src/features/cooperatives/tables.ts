import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

export const cooperatives = pgTable('cooperatives', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  area: text('area'),
  province: text('province'),
  status: text('status').notNull().default('pending'),
  current_members: integer('current_members').notNull().default(0),
  minimum_members: integer('minimum_members').notNull().default(25),
  founded_by: integer('founded_by').references(() => users.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'cooperative_memberships',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membership_number: text('membership_number').notNull().unique(),
    share_amount_cents: bigint('share_amount_cents', { mode: 'number' }).notNull().default(0),
    voting_rights: boolean('voting_rights').notNull().default(true),
    is_coordinator: boolean('is_coordinator').notNull().default(false),
    join_date: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('memberships_coop_user_uq').on(t.coop_id, t.user_id),
    index('memberships_user_idx').on(t.user_id),
  ],
);
