import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES, SECURITY_EVENT_STATUSES, SECURITY_EVENT_TYPES } from '@tt/domain';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('retailer'),
    phone: text('phone'),
    company_name: text('company_name'),
    gst_number: text('gst_number'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    whatsapp_number: text('whatsapp_number'),
    business_type: text('business_type'),
    years_in_business: integer('years_in_business'),
    referral_code: text('referral_code').unique(),
    is_verified: boolean('is_verified').notNull().default(false),
    is_demo: boolean('is_demo').notNull().default(false),
    oidc_subject: text('oidc_subject').unique(),
    /** Set when the user closed the account (POPIA): personal fields are then anonymised. */
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The role is one of the domain's roles (migration 0005), never free text.
  (t) => [check('users_role_check', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What its owner names it by in the Security Center (the id is the token's hash, never sent). */
    number: serial('number').notNull().unique('sessions_number_unique'),
    /** The browser and system it was opened from (domain deviceFromUserAgent), never the whole header. */
    device: text('device'),
    /** The address it was opened from; not kept for a shared demo account (other visitors' addresses). */
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * The account's security events (ADR 054), written in the transaction of what they record; a failed sign-in
 * names no account. Kept SECURITY_EVENT_DAYS (a daily job); part of the owner's personal data.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    status: text('status', { enum: SECURITY_EVENT_STATUSES }).notNull(),
    ip: text('ip'),
    device: text('device').notNull(),
    details: text('details'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user's latest first (user_id, id); the deployment's latest first is the primary key's order.
  (t) => [
    index('security_events_user_idx').on(t.user_id, t.id),
    index('security_events_created_idx').on(t.created_at),
  ],
);
