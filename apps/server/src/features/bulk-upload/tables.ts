import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  BULK_UPLOAD_ERROR_CHOICES,
  BULK_UPLOAD_STATUSES,
  type BulkUploadIssue,
  type BulkUploadRow,
} from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A valid row kept between validation and confirm: its spreadsheet row number and what it says. */
export interface StoredRow extends BulkUploadRow {
  line: number;
}

/**
 * One uploaded file (docs/decisions/021). Validation stores the valid rows (`rows`) and the refused cells
 * (`issues`) with status pending; nothing else is written until the seller confirms. The import clears
 * `rows` when it ends, keeping the counts and the error log for the history.
 */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    upload_filename: text('upload_filename').notNull(),
    status: text('status', { enum: BULK_UPLOAD_STATUSES }).notNull().default('pending'),
    total_rows: integer('total_rows').notNull(),
    valid_rows: integer('valid_rows').notNull(),
    new_rows: integer('new_rows').notNull().default(0),
    /** Rows with at least one refused cell. */
    error_rows: integer('error_rows').notNull(),
    successful_imports: integer('successful_imports').notNull().default(0),
    failed_imports: integer('failed_imports').notNull().default(0),
    processed_rows: integer('processed_rows').notNull().default(0),
    on_errors: text('on_errors', { enum: BULK_UPLOAD_ERROR_CHOICES }),
    issues: jsonb('issues').$type<BulkUploadIssue[]>().notNull(),
    issue_count: integer('issue_count').notNull(),
    rows: jsonb('rows').$type<StoredRow[]>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_uploads_seller_idx').on(t.seller_id, t.created_at),
    check('bulk_uploads_status_check', sql`${t.status} in (${inList(BULK_UPLOAD_STATUSES)})`),
    check(
      'bulk_uploads_on_errors_check',
      sql`${t.on_errors} is null or ${t.on_errors} in (${inList(BULK_UPLOAD_ERROR_CHOICES)})`,
    ),
  ],
);
