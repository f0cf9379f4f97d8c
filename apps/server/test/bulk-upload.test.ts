import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_BYTES,
  bulkUploadReportSchema,
  bulkUploadSchema,
  type BulkUploadReport,
} from '@tt/domain';
import { categories, inventoryMovements, products } from '../src/db/schema.ts';
import { bulkUploadJobs, STALE_UPLOADS_JOB } from '../src/features/bulk-upload/jobs.ts';
import { reserveForOrder } from '../src/features/inventory/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('bulk upload (spec 3 /bulk-upload; issue 12 point 3; docs/decisions/021)', () => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let other: string;
  let retailer: string;
  let categoryId: number;
  let categoryName: string;

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = await insertUser(t.db, 'supplier', 'Supplier Sipho');
    seller = await t.sessionFor(sellerId);
    other = await t.sessionFor(await insertUser(t.db, 'distributor', 'Distributor Dineo'));
    retailer = await t.sessionFor(await insertUser(t.db, 'retailer', 'Retailer Rethabile'));
    const [category] = await t.db.select().from(categories).limit(1);
    categoryId = category!.id;
    categoryName = category!.name;
  });
  afterAll(() => t.close());

  const upload = (cookie: string | undefined, bytes: Buffer, filename: string) => {
    const boundary = `----tt${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/bulk-upload/products',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };
  const confirm = (cookie: string, id: number, on_errors: 'skip' | 'refuse') =>
    t.app.inject({
      method: 'POST',
      url: `/api/bulk-uploads/${id}/import`,
      headers: { cookie },
      payload: { on_errors },
    });
  const csv = (rows: Record<string, string>[]) =>
    Buffer.from(
      [
        BULK_UPLOAD_COLUMNS.join(','),
        ...rows.map((r) => BULK_UPLOAD_COLUMNS.map((c) => r[c] ?? '').join(',')),
      ].join('\n'),
    );
  const row = (sku: string, over: Record<string, string> = {}) => ({
    name: `Product ${sku}`,
    category_id: String(categoryId),
    brand: 'Ekasi',
    sku,
    mrp: '20.00',
    selling_price: '18.50',
    ...over,
  });
  const written = async () => ({
    uploads: await count(t.db, 'bulk_uploads'),
    products: await count(t.db, 'products'),
    movements: await count(t.db, 'inventory_movements'),
  });
  const report = (body: string) => bulkUploadReportSchema.parse(JSON.parse(body)) as BulkUploadReport;
  const productBySku = async (sku: string) =>
    (
      await t.db
        .select()
        .from(products)
        .where(and(eq(products.seller_id, sellerId), eq(products.sku, sku)))
    )[0];

  it('validates first, writes nothing until confirmed, then creates new SKUs, updates own ones and counts stock', async () => {
    const existing = await t.app.inject({
      method: 'POST',
      url: '/api/my-products',
      headers: { cookie: seller },
      payload: {
        name: 'Old name',
        brand: 'Ekasi',
        sku: 'UP-OLD',
        category_id: categoryId,
        selling_price: 10,
        mrp: 12,
        opening_stock: 3,
      },
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const before = await written();
    const response = await upload(
      seller,
      csv([
        row('UP-NEW', { stock_quantity: '12', category_id: categoryName.toUpperCase(), unit_type: 'Bag' }),
        row('UP-OLD', { name: 'New name', stock_quantity: '7', wholesale_price: '15' }),
        row('UP-BAD', { mrp: '5', barcode: '12' }),
      ]),
      'products.csv',
    );
    expect(response.statusCode, response.body).toBe(201);
    const r = report(response.body);
    expect(r).toMatchObject({
      status: 'pending',
      total_rows: 3,
      valid_rows: 2,
      new_rows: 1,
      failed_imports: 1,
    });
    expect(r.error_log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, column: 'mrp', value: '5', code: 'validation.mrp_below_price' }),
        expect.objectContaining({ row: 4, column: 'barcode', value: '12', code: 'validation.barcode' }),
      ]),
    );
    // Only the upload itself is kept before the confirm.
    expect(await written()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect((await productBySku('UP-OLD'))!.name).toBe('Old name');

    const done = await confirm(seller, r.id, 'skip');
    expect(done.statusCode, done.body).toBe(200);
    expect(bulkUploadSchema.parse(done.json())).toMatchObject({
      status: 'completed',
      successful_imports: 2,
      failed_imports: 1,
      processed_rows: 2,
      on_errors: 'skip',
    });
    const made = (await productBySku('UP-NEW'))!;
    expect(made).toMatchObject({
      stock_quantity: 12,
      unit_type: 'bag',
      category_id: categoryId,
      is_active: true,
    });
    const old = (await productBySku('UP-OLD'))!;
    expect(old).toMatchObject({ name: 'New name', stock_quantity: 7, wholesale_price_cents: 1500 });
    expect(await productBySku('UP-BAD')).toBeUndefined();
    // The counts are adjustment movements (DECISIONS 20): +12 for the new one, 3 -> 7 for the old one.
    const adjustments = await t.db
      .select({ quantity: inventoryMovements.quantity })
      .from(inventoryMovements)
      .where(
        and(eq(inventoryMovements.business_id, sellerId), eq(inventoryMovements.movement_type, 'adjustment')),
      );
    expect(adjustments.map((a) => a.quantity).sort()).toEqual([12, 4]);

    // A second confirm is refused; the history lists it with its counts.
    expectError(await confirm(seller, r.id, 'skip'), 409, 'bulk_upload.not_pending');
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/bulk-uploads',
      headers: { cookie: seller },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()[0]).toMatchObject({
      id: r.id,
      status: 'completed',
      successful_imports: 2,
      total_rows: 3,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/bulk-uploads/${r.id}`,
      headers: { cookie: seller },
    });
    expect(report(again.body).error_log).toHaveLength(2);
    // Another seller sees neither the upload nor can confirm it.
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/bulk-uploads/${r.id}`, headers: { cookie: other } }),
      404,
      'bulk_upload.not_found',
    );
  });

  it('refuses the whole file when the seller chooses so and a row has an error: nothing written', async () => {
    const response = await upload(
      seller,
      csv([row('UP-R1'), row('UP-R2', { selling_price: 'abc' })]),
      'r.csv',
    );
    const r = report(response.body);
    expect(r.error_log).toEqual([
      expect.objectContaining({ row: 3, column: 'selling_price', value: 'abc', code: 'validation.number' }),
    ]);
    const before = await written();
    const done = await confirm(seller, r.id, 'refuse');
    expect(done.json()).toMatchObject({ status: 'failed', successful_imports: 0, failed_imports: 2 });
    expect(await written()).toEqual(before);
    expect(await productBySku('UP-R1')).toBeUndefined();
  });

  it('reports a SKU twice in the file, an unknown category and text that would run as a formula', async () => {
    const response = await upload(
      seller,
      csv([
        row('UP-D1'),
        row('UP-D1'),
        row('UP-C1', { category_id: 'No such category' }),
        row('UP-F1', { name: '=HYPERLINK("http://evil")' }),
      ]),
      'd.csv',
    );
    const r = report(response.body);
    expect(r.error_log).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'sku',
        code: 'validation.duplicate_sku',
        params: { row: 2 },
      }),
      expect.objectContaining({ row: 4, column: 'category_id', code: 'validation.unknown_category' }),
      expect.objectContaining({ row: 5, column: 'name', code: 'validation.formula_text' }),
    ]);
  });

  it('reads an .xlsx, taking a formula’s saved value and refusing one without (never evaluated)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow([...BULK_UPLOAD_COLUMNS]);
    const values = (sku: string) =>
      BULK_UPLOAD_COLUMNS.map((c) => (row(sku) as Record<string, string>)[c] ?? null);
    sheet.addRow(values('UP-X1'));
    sheet.getCell('A2').value = {
      formula: 'CONCAT("Maize ","Meal")',
      result: 'Maize Meal',
    } as ExcelJS.CellValue;
    sheet.getCell('J2').value = { formula: '9+9.5', result: 18.5 } as ExcelJS.CellValue;
    sheet.addRow(values('UP-X2'));
    sheet.getCell('A3').value = { formula: 'WEBSERVICE("http://evil")' } as ExcelJS.CellValue;
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(seller, bytes, 'book.xlsx');
    expect(response.statusCode, response.body).toBe(201);
    const r = report(response.body);
    expect(r).toMatchObject({ total_rows: 2, valid_rows: 1 });
    expect(r.error_log).toEqual([
      expect.objectContaining({ row: 3, column: 'name', code: 'validation.formula' }),
    ]);
    await confirm(seller, r.id, 'skip');
    expect((await productBySku('UP-X1'))!).toMatchObject({ name: 'Maize Meal', selling_price_cents: 1850 });
  });

  it('serves the template as .xlsx (two sheets) and .csv with the 14 columns and an example row', async () => {
    const x = await t.app.inject({
      method: 'GET',
      url: '/api/bulk-upload/template?format=xlsx',
      headers: { cookie: seller },
    });
    expect(x.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Products', 'Allowed values']);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      ...BULK_UPLOAD_COLUMNS,
    ]);
    expect(workbook.worksheets[0]!.rowCount).toBe(2);
    const c = await t.app.inject({
      method: 'GET',
      url: '/api/bulk-upload/template?format=csv',
      headers: { cookie: seller },
    });
    expect(c.headers['content-type']).toMatch(/^text\/csv/);
    expect(c.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(BULK_UPLOAD_COLUMNS.join(','));
    // The template itself uploads cleanly.
    const back = report((await upload(seller, x.rawPayload, 'template.xlsx')).body);
    expect(back).toMatchObject({ total_rows: 1, valid_rows: 1, error_log: [] });
  });

  describe('hostile and wrong files get a clear 400/413 with nothing written', () => {
    const refused = async (bytes: Buffer, filename: string, status: number, code: string) => {
      const before = await written();
      expectError(await upload(seller, bytes, filename), status, code);
      expect(await written()).toEqual(before);
    };

    it('a zip bomb inside .xlsx (a part that unpacks to far more than any product list)', async () => {
      const zip = new JSZip();
      zip.file('[Content_Types].xml', '<Types/>');
      zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(65 * 1024 * 1024, 0x20));
      const bomb = await zip.generateAsync({
        type: 'nodebuffer',
        compression: 'DEFLATE',
        compressionOptions: { level: 1 },
      });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await refused(bomb, 'bomb.xlsx', 400, 'bulk_upload.expands_too_much');
    });

    it('a binary file named .csv, and an .xlsx renamed .csv', async () => {
      const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256));
      await refused(binary, 'products.csv', 400, 'bulk_upload.not_text');
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('x').addRow(['name']);
      await refused(
        Buffer.from(await workbook.xlsx.writeBuffer()),
        'products.csv',
        400,
        'bulk_upload.not_text',
      );
    });

    it('a million rows (the limit is 20,000)', async () => {
      const header = BULK_UPLOAD_COLUMNS.join(',');
      const million = Buffer.from(`${header}\n${'x\n'.repeat(1_000_000)}`);
      await refused(million, 'million.csv', 400, 'bulk_upload.too_many_rows');
    });

    it('more than 10 MB (413), an old .xls, another type, a file without the columns, an empty file', async () => {
      await refused(Buffer.alloc(BULK_UPLOAD_MAX_BYTES + 10, 0x61), 'big.csv', 413, 'bulk_upload.too_large');
      const ole = Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(512),
      ]);
      await refused(ole, 'old.xls', 400, 'bulk_upload.xls');
      await refused(Buffer.from('name\nx\n'), 'list.txt', 400, 'bulk_upload.file_type');
      await refused(Buffer.from('name,brand\nx,y\n'), 'cols.csv', 400, 'bulk_upload.missing_columns');
      await refused(
        Buffer.from(`${BULK_UPLOAD_COLUMNS.join(',')}\n\n`),
        'empty.csv',
        400,
        'bulk_upload.empty',
      );
      await refused(Buffer.from('PK\u0003\u0004garbage'), 'broken.xlsx', 400, 'bulk_upload.unreadable');
    });
  });

  it('401 without a session, 403 for a retailer (nothing written)', async () => {
    const before = await written();
    const file = csv([row('UP-A1')]);
    expectError(await upload(undefined, file, 'a.csv'), 401);
    expectError(await upload(retailer, file, 'a.csv'), 403, 'products.sellers_only');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/bulk-uploads', headers: { cookie: retailer } }),
      403,
    );
    expect(await written()).toEqual(before);
  });
  it('refuses a count below what open orders hold with its own message naming that amount', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/my-products',
      headers: { cookie: seller },
      payload: {
        name: 'Held soap',
        brand: 'Ekasi',
        sku: 'UP-HELD',
        category_id: categoryId,
        selling_price: 10,
        mrp: 12,
        opening_stock: 10,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const productId = (made.json() as { id: number }).id;
    // An open order holds 6 of the 10.
    const held = await t.db.transaction((tx) => reserveForOrder(tx, sellerId, productId, 6));
    expect(held.ok).toBe(true);
    const response = await upload(
      seller,
      csv([row('UP-HELD', { stock_quantity: '4' }), row('UP-HELD2', { stock_quantity: '3' })]),
      'held.csv',
    );
    const r = report(response.body);
    expect(r.error_log).toEqual([]);
    const done = await confirm(seller, r.id, 'skip');
    expect(done.json()).toMatchObject({ status: 'completed', successful_imports: 1, failed_imports: 1 });
    const after = report(
      (await t.app.inject({ method: 'GET', url: `/api/bulk-uploads/${r.id}`, headers: { cookie: seller } }))
        .body,
    );
    expect(after.error_log).toEqual([
      {
        row: 2,
        column: 'stock_quantity',
        value: '4',
        code: 'validation.below_open_orders',
        params: { held: 6 },
      },
    ]);
    // The listing still offers what is not held: 10 counted, 6 held.
    expect((await productBySku('UP-HELD'))!.stock_quantity).toBe(4);
  });

  it('removes uploads left pending for more than a day with their staged rows, once, however often the job runs', async () => {
    const pending = async (name: string) =>
      report((await upload(seller, csv([row(`UP-${name}`)]), `${name}.csv`)).body);
    const stale = await pending('STALE');
    const fresh = await pending('FRESH');
    const done = await pending('DONE');
    expect((await confirm(seller, done.id, 'skip')).statusCode).toBe(200);
    // Two of them were uploaded 25 hours ago; only the one never confirmed goes.
    await t.db.execute(
      sql`update bulk_uploads set created_at = now() - interval '25 hours' where id in (${stale.id}, ${done.id})`,
    );
    const job = bulkUploadJobs.find((j) => j.name === STALE_UPLOADS_JOB)!;
    const run = () => t.db.transaction((tx) => job.handler({}, { tx, now: new Date() } as never));
    await run();
    await run();

    const history = (
      await t.app.inject({ method: 'GET', url: '/api/bulk-uploads', headers: { cookie: seller } })
    ).json() as { id: number; status: string }[];
    expect(history.map((u) => u.id)).not.toContain(stale.id);
    expect(history.find((u) => u.id === fresh.id)).toMatchObject({ status: 'pending' });
    expect(history.find((u) => u.id === done.id)).toMatchObject({ status: 'completed' });
    expect(await count(t.db, 'bulk_uploads', sql`id = ${stale.id}`)).toBe(0);
    expectError(await confirm(seller, stale.id, 'skip'), 404, 'bulk_upload.not_found');
    expect(await productBySku('UP-STALE')).toBeUndefined();
    // The fresh one can still be imported.
    expect((await confirm(seller, fresh.id, 'skip')).json()).toMatchObject({ status: 'completed' });
  });
});
