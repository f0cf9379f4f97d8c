import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPLICATION_ROLES, APPLICATION_STATUSES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Spec 1 §3's supplier application, one per user (the unique index answers a second one with 409). */
export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The applicant's name when they applied (the spec's applicant_name). */
    applicant_name: text('applicant_name').notNull(),
    company_name: text('company_name').notNull(),
    business_registration_number: text('business_registration_number'),
    tax_number: text('tax_number'),
    product_categories: jsonb('product_categories').$type<string[]>().notNull(),
    years_in_business: integer('years_in_business').notNull().default(0),
    monthly_capacity: text('monthly_capacity'),
    certifications: jsonb('certifications').$type<string[]>().notNull(),
    role_applied_for: text('role_applied_for', { enum: APPLICATION_ROLES }).notNull().default('supplier'),
    application_status: text('application_status', { enum: APPLICATION_STATUSES })
      .notNull()
      .default('pending'),
    review_notes: text('review_notes'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_applications_user_unique').on(t.user_id),
    index('supplier_applications_status_idx').on(t.application_status, t.created_at),
    check(
      'supplier_applications_status_check',
      sql`${t.application_status} in (${inList(APPLICATION_STATUSES)})`,
    ),
    check('supplier_applications_role_check', sql`${t.role_applied_for} in (${inList(APPLICATION_ROLES)})`),
    check('supplier_applications_years_check', sql`${t.years_in_business} >= 0`),
    check(
      'supplier_applications_rejected_notes_check',
      sql`${t.application_status} <> 'rejected' or ${t.review_notes} is not null`,
    ),
  ],
);
