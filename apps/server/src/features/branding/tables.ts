import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The deployment's branding: one row (id 1), absent while everything is the default (ADR 049). */
export const branding = pgTable('branding', {
  id: integer('id').primaryKey().default(1),
  primary_color: text('primary_color').notNull(),
  secondary_color: text('secondary_color').notNull(),
  accent_color: text('accent_color').notNull(),
  app_name: text('app_name').notNull(),
  tagline: text('tagline').notNull(),
  font: text('font').notNull(),
  theme: text('theme').notNull(),
  /** The logo as the server re-encoded it (JPEG); null: the product's own mark. */
  logo: bytea('logo'),
  version: integer('version').notNull().default(1),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
