import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES, SECURITY_EVENT_STATUSES, SECURITY_EVENT_TYPES, STAFF_ROLES } from '@tt/domain';

const roleList = sql.raw(ROLES.map((r) => `'${r}'`).join(', '));
const PASSWORD_TOKEN_PURPOSES = ['reset', 'setup'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower case when it signs in; null for an account opened with a mobile number alone. */
    email: text('email').unique(),
    /** The mobile number the account signs in with, E.164 (+27...). */
    mobile: text('mobile').unique('users_mobile_unique'),
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
    /** scrypt (passwords.ts); null for an account that signs in otherwise, or has not set one yet. */
    password_hash: text('password_hash'),
    /** Which version of the terms and privacy notice the account accepted at sign-up, and when (POPIA). */
    terms_version: text('terms_version'),
    terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The role the last staff grant replaced: what revoking it restores. */
    previous_role: text('previous_role', { enum: ROLES }),
    /** Set while an administrator has suspended the account: no session, key or sign-in works. */
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    suspended_reason: text('suspended_reason'),
    /** The seeded demo world (the demo accounts and the seeded shop owners); every other account is real. */
    demo_world: boolean('demo_world').notNull().default(false),
    /** Set when the user closed the account (POPIA): personal fields are then anonymised. */
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The role is one of the domain's roles (migration 0005), never free text.
  (t) => [
    check('users_role_check', sql`${t.role} in (${roleList})`),
    check(
      'users_previous_role_check',
      sql`${t.previous_role} is null or ${t.previous_role} in (${roleList})`,
    ),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

/** One-time password links (a reset, or a first password); only the token's hash is kept. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PASSWORD_TOKEN_PURPOSES }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_unique').on(t.token_hash),
    index('password_tokens_user_idx').on(t.user_id),
  ],
);

/** Staff invitations: a one-time sign-up link with a role, valid INVITATION_DAYS, revocable. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    used_by: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_hash_unique').on(t.token_hash)],
);

/** Failed password sign-ins by account (`account:<id>`) and by address (`ip:<address>`), for the lockout. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.created_at)],
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

/** Passkeys (WebAuthn): the credential's id and public key (base64url), its signature counter, its owner's name for it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text('name').notNull(),
    backed_up: boolean('backed_up').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credential_id),
    index('passkeys_user_idx').on(t.user_id),
  ],
);

/** The passkey ceremonies' challenges, each usable once before it expires. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
