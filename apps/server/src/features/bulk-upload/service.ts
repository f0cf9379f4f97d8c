import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_EXAMPLE,
  BULK_UPLOAD_HISTORY_MAX,
  BULK_UPLOAD_MAX_ISSUES,
  BULK_UPLOAD_REQUIRED_COLUMNS,
  randToCents,
  toCsv,
  UNIT_TYPES,
  validateUploadRow,
  type BulkUpload,
  type BulkUploadIssue,
  type BulkUploadReport,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import {
  categoryLookup,
  insertListings,
  listCategories,
  sellerSkuIds,
  updateListings,
  type BulkListing,
} from '../catalog/service.ts';
import { countListings } from '../inventory/service.ts';
import { enforcePlanLimit } from '../subscriptions/service.ts';
import { FORMULA_WITHOUT_VALUE, parseUpload } from './parse.ts';
import { bulkUploads, type StoredRow } from './tables.ts';

/**
 * Bulk product upload (spec 3 /bulk-upload; docs/decisions/021). Phase one reads and validates the file
 * and keeps the valid rows on a pending bulk_uploads row; nothing else is written. Phase two, on the
 * seller's confirm, writes them in chunks of IMPORT_CHUNK rows, each its own short transaction: new SKUs
 * become listings, the seller's existing SKUs are updated, and stock_quantity is the count the seller has,
 * written through the inventory as adjustment movements (DECISIONS 20).
 */

type Caller = Pick<AuthenticatedUser, 'id'>;
type UploadRow = typeof bulkUploads.$inferSelect;

/** Rows written per transaction: short enough that other writers never wait long on the seller's rows. */
export const IMPORT_CHUNK = 1000;
const STOCK_REASON = 'Bulk upload count';

function toUpload(r: UploadRow): BulkUpload {
  return {
    id: r.id,
    upload_filename: r.upload_filename,
    status: r.status,
    total_rows: r.total_rows,
    valid_rows: r.valid_rows,
    new_rows: r.new_rows,
    successful_imports: r.successful_imports,
    failed_imports: r.failed_imports,
    processed_rows: r.processed_rows,
    on_errors: r.on_errors,
    created_at: r.created_at.toISOString(),
    completed_at: r.completed_at ? r.completed_at.toISOString() : null,
  };
}

const toReport = (r: UploadRow): BulkUploadReport => ({
  ...toUpload(r),
  error_log: r.issues,
  error_log_truncated: r.issue_count > r.issues.length,
});

/** Everything but the stored rows (they can be megabytes). */
const { rows: _rows, ...summaryColumns } = getTableColumns(bulkUploads);

/** Phase one: read, validate and keep. Refuses a hostile or unreadable file (400/413) with nothing kept. */
export async function validateUpload(
  db: Db,
  seller: Caller,
  filename: string,
  bytes: Buffer,
): Promise<BulkUploadReport> {
  const parsed = await parseUpload(filename, bytes);
  if (parsed.length === 0) throw fail('bulk_upload.empty');
  const categories = await categoryLookup(db);
  const categoryOf = (value: string) => {
    if (/^\d+$/.test(value)) return categories.ids.has(Number(value)) ? Number(value) : null;
    return categories.byName.get(value.toLowerCase()) ?? null;
  };
  const issues: BulkUploadIssue[] = [];
  let issueCount = 0;
  const addIssue = (issue: BulkUploadIssue) => {
    issueCount += 1;
    if (issues.length < BULK_UPLOAD_MAX_ISSUES) issues.push(issue);
  };
  const valid: StoredRow[] = [];
  const skuRows = new Map<string, number>();
  let errorRows = 0;
  for (const { line, cells } of parsed) {
    const formulas = BULK_UPLOAD_COLUMNS.filter((c) => cells[c] === FORMULA_WITHOUT_VALUE);
    for (const column of formulas) cells[column] = '';
    const outcome = validateUploadRow(cells, categoryOf);
    const rowIssues: BulkUploadIssue[] = formulas.map((column) => ({
      row: line,
      column,
      value: '',
      code: 'validation.formula',
    }));
    if (outcome.ok) {
      const key = outcome.row.sku.toLowerCase();
      const first = skuRows.get(key);
      if (first !== undefined) {
        rowIssues.push({
          row: line,
          column: 'sku',
          value: outcome.row.sku,
          code: 'validation.duplicate_sku',
          params: { row: first },
        });
      } else {
        skuRows.set(key, line);
      }
    } else {
      rowIssues.push(
        ...outcome.issues
          .filter((i) => !formulas.includes(i.column as never))
          .map((i) => ({ ...i, row: line })),
      );
    }
    if (rowIssues.length > 0 || !outcome.ok) {
      errorRows += 1;
      rowIssues.forEach(addIssue);
    } else {
      valid.push({ ...outcome.row, line });
    }
  }
  const existing = await sellerSkuIds(
    db,
    seller.id,
    valid.map((r) => r.sku),
  );
  const [row] = await db
    .insert(bulkUploads)
    .values({
      seller_id: seller.id,
      upload_filename: filename.slice(0, 255),
      status: 'pending',
      total_rows: parsed.length,
      valid_rows: valid.length,
      new_rows: valid.filter((r) => !existing.has(r.sku)).length,
      error_rows: errorRows,
      failed_imports: errorRows,
      issues,
      issue_count: issueCount,
      rows: valid,
    })
    .returning(summaryColumns);
  return toReport({ ...row!, rows: null });
}

/** How long a validated upload waits for the seller's confirm before it is removed. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/**
 * Removes uploads validated but never confirmed (still pending) more than a day ago, with their staged
 * rows (the job `bulk_upload.remove_stale`). Nothing was ever written from them, so the history loses
 * nothing it reports on: it lists what was imported or refused. Returns how many went.
 */
export async function removeStalePendingUploads(db: Db | Tx, now: Date): Promise<number> {
  const removed = await db
    .delete(bulkUploads)
    .where(
      and(
        eq(bulkUploads.status, 'pending'),
        lt(bulkUploads.created_at, new Date(now.getTime() - PENDING_UPLOAD_TTL_MS)),
      ),
    )
    .returning({ id: bulkUploads.id });
  return removed.length;
}

/** GET /api/bulk-uploads: the seller's latest uploads. */
export async function uploadHistory(db: Db, seller: Caller): Promise<BulkUpload[]> {
  const rows = await db
    .select({ ...summaryColumns, rows: sql<null>`null` })
    .from(bulkUploads)
    .where(eq(bulkUploads.seller_id, seller.id))
    .orderBy(desc(bulkUploads.created_at), desc(bulkUploads.id))
    .limit(BULK_UPLOAD_HISTORY_MAX);
  return rows.map(toUpload);
}

async function ownUpload(db: Db, seller: Caller, id: number): Promise<UploadRow> {
  const [row] = await db
    .select({ ...summaryColumns, rows: sql<null>`null` })
    .from(bulkUploads)
    .where(and(eq(bulkUploads.id, id), eq(bulkUploads.seller_id, seller.id)));
  if (!row) throw fail('bulk_upload.not_found');
  return row;
}

/** GET /api/bulk-uploads/:id: the report and the import's progress (another seller's is 404). */
export async function uploadReport(db: Db, seller: Caller, id: number): Promise<BulkUploadReport> {
  return toReport(await ownUpload(db, seller, id));
}

const listingOf = (r: StoredRow): BulkListing => ({
  name: r.name,
  brand: r.brand,
  category_id: r.category_id,
  description: r.description,
  image_url: r.image_url,
  selling_price_cents: randToCents(r.selling_price),
  mrp_cents: randToCents(r.mrp),
  minimum_order_quantity: r.minimum_order_quantity,
  sku: r.sku,
  barcode: r.barcode,
  unit_type: r.unit_type,
  pack_size: r.pack_size,
  wholesale_price_cents: r.wholesale_price === null ? null : randToCents(r.wholesale_price),
});

async function finish(db: Db, id: number, values: Partial<typeof bulkUploads.$inferInsert>) {
  const [row] = await db
    .update(bulkUploads)
    .set({ ...values, rows: null, completed_at: new Date() })
    .where(eq(bulkUploads.id, id))
    .returning(summaryColumns);
  return toUpload({ ...row!, rows: null });
}

/**
 * Phase two. Only a pending upload moves (to processing, atomically: a second confirm is 409). "refuse"
 * with any row in error fails the upload with nothing written; otherwise the valid rows are written.
 */
export async function confirmUpload(
  db: Db,
  seller: Caller,
  id: number,
  onErrors: 'skip' | 'refuse',
): Promise<BulkUpload> {
  const [claimed] = await db
    .update(bulkUploads)
    .set({ status: 'processing', on_errors: onErrors })
    .where(
      and(eq(bulkUploads.id, id), eq(bulkUploads.seller_id, seller.id), eq(bulkUploads.status, 'pending')),
    )
    .returning();
  if (!claimed) {
    const current = await ownUpload(db, seller, id);
    throw fail('bulk_upload.not_pending', { status: current.status });
  }
  const rows = claimed.rows ?? [];
  if (onErrors === 'refuse' && claimed.error_rows > 0) {
    return finish(db, id, { status: 'failed', failed_imports: claimed.total_rows });
  }
  const newRows = claimed.new_rows;
  try {
    if (newRows > 0) {
      await db.transaction((tx) => enforcePlanLimit(tx, seller.id, 'listed_products', newRows));
    }
  } catch (error) {
    await finish(db, id, { status: 'failed', failed_imports: claimed.total_rows });
    throw error;
  }
  let successful = 0;
  let failed = claimed.error_rows;
  const extraIssues: BulkUploadIssue[] = [];
  try {
    for (let at = 0; at < rows.length; at += IMPORT_CHUNK) {
      const chunk = rows.slice(at, at + IMPORT_CHUNK);
      const refusedCount = await db.transaction(async (tx) => {
        const listings = chunk.map(listingOf);
        const existing = await sellerSkuIds(
          tx,
          seller.id,
          listings.map((l) => l.sku),
        );
        // A new listing starts at its count; its item opens there with one adjustment movement.
        const made = await insertListings(
          tx,
          seller.id,
          chunk.flatMap((r, i) =>
            existing.has(r.sku) ? [] : [{ ...listings[i]!, opening: r.stock_quantity ?? 0 }],
          ),
        );
        // A SKU made in the meantime (another upload, My products) is updated like the others.
        const late = listings.filter((l) => !existing.has(l.sku) && !made.has(l.sku));
        const lateIds = await sellerSkuIds(
          tx,
          seller.id,
          late.map((l) => l.sku),
        );
        const idOf = new Map([...existing, ...made, ...lateIds]);
        await updateListings(
          tx,
          seller.id,
          listings
            .filter((l) => !made.has(l.sku) && idOf.has(l.sku))
            .map((l) => ({ ...l, id: idOf.get(l.sku)! })),
        );
        const counts = chunk.flatMap((r) => {
          const productId = idOf.get(r.sku);
          if (productId === undefined) return [];
          // A new product without a count starts at 0 (its item is opened, as My products does).
          const quantity = r.stock_quantity ?? (made.has(r.sku) ? 0 : null);
          return quantity === null ? [] : [{ productId, quantity }];
        });
        const { refused } = await countListings(
          tx,
          seller.id,
          seller.id,
          counts,
          STOCK_REASON,
          new Set(made.values()),
        );
        for (const { productId, reserved } of refused) {
          const r = chunk.find((c) => idOf.get(c.sku) === productId)!;
          extraIssues.push({
            row: r.line,
            column: 'stock_quantity',
            value: String(r.stock_quantity),
            code: 'validation.below_open_orders',
            params: { held: reserved },
          });
        }
        await tx
          .update(bulkUploads)
          .set({
            processed_rows: sql`${bulkUploads.processed_rows} + ${chunk.length}`,
            successful_imports: sql`${bulkUploads.successful_imports} + ${chunk.length - refused.length}`,
          })
          .where(eq(bulkUploads.id, id));
        return refused.length;
      });
      successful += chunk.length - refusedCount;
      failed += refusedCount;
    }
  } catch (error) {
    await finish(db, id, {
      status: 'failed',
      successful_imports: successful,
      failed_imports: claimed.total_rows - successful,
    });
    throw error;
  }
  return finish(db, id, {
    status: 'completed',
    successful_imports: successful,
    failed_imports: failed,
    ...(extraIssues.length > 0
      ? {
          issues: [...claimed.issues, ...extraIssues].slice(0, BULK_UPLOAD_MAX_ISSUES),
          issue_count: claimed.issue_count + extraIssues.length,
        }
      : {}),
  });
}

// ---------------------------------------------------------------------------------------------------
// The template

const RULES: Record<(typeof BULK_UPLOAD_COLUMNS)[number], string> = {
  name: 'Text, up to 160 characters',
  description: 'Text, up to 2000 characters',
  category_id: 'A category id or name from the list below',
  brand: 'Text, up to 80 characters',
  sku: 'Your product code: letters, digits and . _ / -, up to 64; an existing SKU of yours is updated',
  barcode: '8 to 14 digits',
  unit_type: `One of: ${UNIT_TYPES.join(', ')} (default each)`,
  pack_size: 'Units in one pack, a whole number from 1',
  mrp: 'Recommended price in rand, at least the selling price',
  selling_price: 'Price in rand, above 0, at most two decimals',
  wholesale_price: 'Price in rand, at most the selling price',
  minimum_order_quantity: 'A whole number from 1 (default 1)',
  stock_quantity: 'The count you have now (written as a stock adjustment); empty leaves the stock as it is',
  image_url: 'An https:// address of a picture',
};

/** The template: the 14 columns and an example row; the .xlsx also lists the rules and categories. */
export async function template(db: Db, format: 'xlsx' | 'csv'): Promise<Buffer> {
  const categories = await listCategories(db);
  // The example names a real category (category_id takes an id or a name).
  const example = BULK_UPLOAD_COLUMNS.map((c) =>
    c === 'category_id' && categories[0] ? categories[0].name : BULK_UPLOAD_EXAMPLE[c],
  );
  if (format === 'csv') {
    return Buffer.from(`\ufeff${toCsv(BULK_UPLOAD_COLUMNS, [example])}`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const products = workbook.addWorksheet('Products');
  products.addRow([...BULK_UPLOAD_COLUMNS]).font = { bold: true };
  products.addRow(
    BULK_UPLOAD_COLUMNS.map((c, i) =>
      [
        'pack_size',
        'mrp',
        'selling_price',
        'wholesale_price',
        'minimum_order_quantity',
        'stock_quantity',
      ].includes(c)
        ? Number(example[i])
        : example[i],
    ),
  );
  products.columns.forEach((column) => (column.width = 18));
  const rules = workbook.addWorksheet('Allowed values');
  rules.addRow(['column', 'required', 'allowed values']).font = { bold: true };
  for (const c of BULK_UPLOAD_COLUMNS) {
    rules.addRow([
      c,
      (BULK_UPLOAD_REQUIRED_COLUMNS as readonly string[]).includes(c) ? 'yes' : 'no',
      RULES[c],
    ]);
  }
  rules.addRow([]);
  rules.addRow(['category_id', 'category name']).font = { bold: true };
  for (const category of categories) rules.addRow([category.id, category.name]);
  rules.getColumn(1).width = 24;
  rules.getColumn(3).width = 90;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
