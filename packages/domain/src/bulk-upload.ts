import { z } from 'zod';
import type { FieldErrorCode } from './errors.ts';
import { fieldRefusalOf } from './field-refusal.ts';
import { toCsv } from './reports.ts';
import { MAX_OPENING_STOCK, MAX_UNIT_PRICE, sellerProductCreateSchema } from './suppliers.ts';

/**
 * Bulk product upload (spec 3 /bulk-upload, issue 12 point 3, docs/decisions/021): the template's
 * columns, the limits a file must keep, one row's rules and the error log's CSV. The server parses and
 * validates with these; the web shows the same codes in the user's language.
 */

/** Spec 3 §3's product upload columns, in the template's order. */
export const BULK_UPLOAD_COLUMNS = [
  'name',
  'description',
  'category_id',
  'brand',
  'sku',
  'barcode',
  'unit_type',
  'pack_size',
  'mrp',
  'selling_price',
  'wholesale_price',
  'minimum_order_quantity',
  'stock_quantity',
  'image_url',
] as const;
export type BulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];

/** Columns a file must have (the others may be left out or empty). */
export const BULK_UPLOAD_REQUIRED_COLUMNS = [
  'name',
  'category_id',
  'brand',
  'sku',
  'mrp',
  'selling_price',
] as const satisfies readonly BulkUploadColumn[];

/** How a product is counted and sold. */
export const UNIT_TYPES = [
  'each',
  'pack',
  'case',
  'box',
  'bag',
  'bottle',
  'can',
  'kg',
  'g',
  'l',
  'ml',
  'dozen',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** 10 MB (spec 3 §9), checked in the browser and enforced by the server (413). */
export const BULK_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_UPLOAD_MAX_MB = 10;
/** The most product rows in one file. */
export const BULK_UPLOAD_MAX_ROWS = 20_000;
/** What the parts of an .xlsx may add up to once unpacked (a 20,000-row sheet is about 15 MB). */
export const BULK_UPLOAD_MAX_UNPACKED_MB = 64;
/** How many row problems one upload keeps (the counts are always exact). */
export const BULK_UPLOAD_MAX_ISSUES = 2_000;
/** The file types accepted (by name and by content). */
export const BULK_UPLOAD_ACCEPT = '.xlsx,.csv';

export const BULK_UPLOAD_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];
/** What the seller chose for rows with errors: import the others, or refuse the whole file. */
export const BULK_UPLOAD_ERROR_CHOICES = ['skip', 'refuse'] as const;

/** An example row for the template (a real category name: category_id takes an id or a name). */
export const BULK_UPLOAD_EXAMPLE: Record<BulkUploadColumn, string> = {
  name: 'Maize Meal 10kg',
  description: 'Super maize meal, 10 kg bag',
  category_id: 'Groceries',
  brand: 'White Star',
  sku: 'WS-MM-10',
  barcode: '6001234567890',
  unit_type: 'bag',
  pack_size: '1',
  mrp: '129.99',
  selling_price: '119.99',
  wholesale_price: '109.50',
  minimum_order_quantity: '5',
  stock_quantity: '40',
  image_url: 'https://example.com/maize-meal.jpg',
};

/** The file's type from its name; `xls` is refused with its own message (no maintained reader is safe). */
export function uploadKindOf(filename: string): 'xlsx' | 'csv' | 'xls' | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename.trim())?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'csv' || ext === 'xls') return ext;
  return null;
}

/** A cell that a spreadsheet would run as a formula when the text is opened. */
export const looksLikeFormula = (text: string) => /^[=+\-@\t\r]/.test(text);

/** One refused cell of the file: its row (as the spreadsheet numbers it), column, value and code. */
export const bulkUploadIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BulkUploadIssue = z.infer<typeof bulkUploadIssueSchema>;

const price = z
  .number({ message: 'validation.number' })
  .min(0)
  .max(MAX_UNIT_PRICE)
  .multipleOf(0.01, { message: 'validation.decimals' });
const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'validation.whole_number' })
    .int({ message: 'validation.whole_number' })
    .min(min)
    .max(max);
const plainText = <T extends z.ZodType<string | null>>(schema: T) =>
  schema.refine((v) => v === null || !/^[=+@]/.test(v), { message: 'validation.formula_text' });

const base = sellerProductCreateSchema.shape;

/** One row once its cells are read: the My products rules plus the template's extra columns. */
export const bulkUploadRowSchema = z
  .object({
    name: plainText(base.name),
    brand: plainText(base.brand),
    description: plainText(base.description),
    sku: base.sku,
    category_id: base.category_id,
    image_url: base.image_url,
    selling_price: base.selling_price,
    mrp: base.mrp,
    minimum_order_quantity: base.minimum_order_quantity,
    barcode: z
      .string()
      .regex(/^\d{8,14}$/, { message: 'validation.barcode' })
      .nullable(),
    unit_type: z.enum(UNIT_TYPES, { message: 'validation.invalid_option' }).default('each'),
    pack_size: wholeNumber(1, 100_000).nullable(),
    wholesale_price: price.nullable(),
    /** The count the seller has now (an adjustment movement); empty leaves the stock as it is. */
    stock_quantity: wholeNumber(0, MAX_OPENING_STOCK).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.mrp < v.selling_price) {
      ctx.addIssue({ code: 'custom', path: ['mrp'], message: 'validation.mrp_below_price' });
    }
    if (v.wholesale_price !== null && v.wholesale_price > v.selling_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['wholesale_price'],
        message: 'validation.wholesale_above_price',
      });
    }
  });
export type BulkUploadRow = z.output<typeof bulkUploadRowSchema>;

const NUMERIC: readonly BulkUploadColumn[] = [
  'pack_size',
  'mrp',
  'selling_price',
  'wholesale_price',
  'minimum_order_quantity',
  'stock_quantity',
];

/** A typed number: spaces, an R prefix and thousands separators are allowed ("R 1 299.50", "1,299.50"). */
function toNumber(text: string): number | string {
  const cleaned = text
    .replace(/^R\s*/i, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : text;
}

export type RowOutcome =
  { ok: true; row: BulkUploadRow } | { ok: false; issues: Omit<BulkUploadIssue, 'row'>[] };

/**
 * One row's cells (text, as read) checked against the rules. `categoryOf` resolves category_id, an id
 * or a category's name, to an id (null: none has it). Every refused cell is reported, not only the first.
 */
export function validateUploadRow(
  cells: Partial<Record<BulkUploadColumn, string>>,
  categoryOf: (value: string) => number | null,
): RowOutcome {
  const issues: Omit<BulkUploadIssue, 'row'>[] = [];
  const input: Record<string, unknown> = {};
  for (const column of BULK_UPLOAD_COLUMNS) {
    const text = (cells[column] ?? '').trim();
    if (text === '') {
      // Required ones are refused by the schema; the optional take their defaults.
      input[column] = ['minimum_order_quantity', 'unit_type', 'name', 'brand', 'sku'].includes(column)
        ? undefined
        : null;
      continue;
    }
    if (column === 'category_id') {
      const id = categoryOf(text);
      if (id === null) issues.push({ column, value: text, code: 'validation.unknown_category' });
      else input.category_id = id;
      continue;
    }
    input[column] = NUMERIC.includes(column)
      ? toNumber(text)
      : column === 'unit_type'
        ? text.toLowerCase()
        : text;
  }
  if (input.category_id === null) {
    issues.push({ column: 'category_id', value: '', code: 'validation.required' });
  }
  const parsed = bulkUploadRowSchema.safeParse(input);
  if (parsed.success && issues.length === 0) return { ok: true, row: parsed.data };
  if (!parsed.success) {
    const seen = new Set(issues.map((i) => i.column));
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? 'name');
      if (seen.has(column)) continue;
      seen.add(column);
      const refusal = fieldRefusalOf({ keyword: issue.code, message: issue.message, params: { ...issue } });
      issues.push({
        column,
        value: (cells[column as BulkUploadColumn] ?? '').trim(),
        code: refusal.code,
        ...(refusal.params ? { params: refusal.params } : {}),
      });
    }
  }
  return { ok: false, issues };
}

/** The one code a formula cell without a saved value gets. */
export const FORMULA_CODE: FieldErrorCode = 'validation.formula';

/**
 * The error log of an upload as CSV: one line per refused cell, the message in the reader's language.
 * Cells go through the reports' csvCell, so a value beginning with = + - @ is shown as text, never run.
 */
export function errorLogCsv(
  issues: readonly BulkUploadIssue[],
  headers: { row: string; column: string; value: string; message: string },
  messageOf: (issue: BulkUploadIssue) => string,
): string {
  return toCsv(
    [headers.row, headers.column, headers.value, headers.message],
    issues.map((issue) => [issue.row, issue.column, issue.value, messageOf(issue)]),
  );
}

export const bulkUploadSchema = z.object({
  id: z.number().int(),
  upload_filename: z.string(),
  status: z.enum(BULK_UPLOAD_STATUSES),
  total_rows: z.number().int(),
  /** Rows without an error (what "skip rows with errors" would import). */
  valid_rows: z.number().int(),
  /** Of the valid rows, how many are SKUs the seller does not have yet (the rest update). */
  new_rows: z.number().int(),
  successful_imports: z.number().int(),
  failed_imports: z.number().int(),
  /** Rows written so far during the import (progress). */
  processed_rows: z.number().int(),
  on_errors: z.enum(BULK_UPLOAD_ERROR_CHOICES).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

/** The validation report: the upload with its refused cells (at most BULK_UPLOAD_MAX_ISSUES). */
export const bulkUploadReportSchema = bulkUploadSchema.extend({
  error_log: z.array(bulkUploadIssueSchema),
  /** More cells were refused than are listed. */
  error_log_truncated: z.boolean(),
});
export type BulkUploadReport = z.infer<typeof bulkUploadReportSchema>;

export const bulkUploadConfirmSchema = z.object({ on_errors: z.enum(BULK_UPLOAD_ERROR_CHOICES) });

/** Upload history: the seller's latest uploads. */
export const BULK_UPLOAD_HISTORY_MAX = 50;
