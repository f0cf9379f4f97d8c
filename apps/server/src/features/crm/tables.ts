import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES, CLIENT_STATUSES, CLIENT_TYPES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A sales contact, owned by the user who added it (packages/domain/src/crm.ts says who sees what). */
export const crmClients = pgTable(
  'crm_clients',
  {
    id: serial('id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_name: text('client_name').notNull(),
    company_name: text('company_name'),
    client_email: text('client_email'),
    /** Always in the one form +27 82 555 0101 (domain saPhoneSchema). */
    client_phone: text('client_phone'),
    address: text('address'),
    client_type: text('client_type', { enum: CLIENT_TYPES }).notNull().default('prospect'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('open'),
    client_value_cents: bigint('client_value_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    /** Set when the status becomes won, cleared when it leaves won: the month the value counts in. */
    won_at: timestamp('won_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_clients_type_check', sql`${t.client_type} in (${inList(CLIENT_TYPES)})`),
    check('crm_clients_status_check', sql`${t.status} in (${inList(CLIENT_STATUSES)})`),
    check('crm_clients_value_check', sql`${t.client_value_cents} >= 0`),
    check('crm_clients_won_check', sql`(${t.status} = 'won') = (${t.won_at} is not null)`),
    index('crm_clients_owner_idx').on(t.owner_id, t.updated_at),
    index('crm_clients_won_idx').on(t.owner_id, t.won_at),
  ],
);

/** A call, meeting, e-mail or other contact with a client, past or planned. */
export const crmActivities = pgTable(
  'crm_activities',
  {
    id: serial('id').primaryKey(),
    client_id: integer('client_id')
      .notNull()
      .references(() => crmClients.id, { onDelete: 'cascade' }),
    /** Who logged it (kept as null if that account goes). */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    activity_type: text('activity_type', { enum: ACTIVITY_TYPES }).notNull(),
    subject: text('subject').notNull(),
    description: text('description'),
    activity_date: timestamp('activity_date', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_activities_type_check', sql`${t.activity_type} in (${inList(ACTIVITY_TYPES)})`),
    index('crm_activities_client_idx').on(t.client_id, t.activity_date),
    index('crm_activities_date_idx').on(t.activity_date),
  ],
);

/** One rep's target for one month (the first day of the month), set by a manager. */
export const crmSalesTargets = pgTable(
  'crm_sales_targets',
  {
    id: serial('id').primaryKey(),
    rep_id: integer('rep_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    target_cents: bigint('target_cents', { mode: 'number' }).notNull(),
    set_by: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('crm_sales_targets_rep_month_unique').on(t.rep_id, t.month),
    check('crm_sales_targets_amount_check', sql`${t.target_cents} > 0`),
    check('crm_sales_targets_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);
