import { readFileSync } from 'node:fs';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';

/**
 * Issue 12 point 3: a supplier downloads the template, fills it with one good and one bad row, uploads
 * it, reads the per-cell report, imports the good row, and finds it in My products and in the history.
 */

const en = locale('en', 'suppliers');
const enErrors = locale('en', 'errors');

test('a supplier uploads a product file with one bad row and imports the good one', async ({
  page,
  login,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const sku = `E2E-UP-${project}-${Date.now().toString(36)}`;
  await login('supplier', '/bulk-upload?tab=upload');
  await expect(page.getByTestId('template-xlsx')).toBeVisible();

  // Both templates download; the CSV one is the start of the file.
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('template-xlsx').click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe('product-upload-template.xlsx');
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('template-csv').click(),
  ]);
  const template = readFileSync((await csvDownload.path())!, 'utf8').replace(/^\ufeff/, '');
  const [header] = template.trim().split('\r\n');
  const columns = header!.split(',');
  expect(columns).toHaveLength(14);
  // What a test row leaves out (category 1 is the first seeded one).
  const example: Record<string, string> = {
    category_id: '1',
    brand: 'Test Farm',
    mrp: '30',
    selling_price: '25.50',
    unit_type: 'bag',
  };
  const rowWith = (over: Record<string, string>) => columns.map((c) => over[c] ?? example[c] ?? '').join(',');
  const file = [
    header,
    rowWith({ name: `Upload Test Beans ${project}`, sku, stock_quantity: '33' }),
    rowWith({ name: 'Broken row', sku: `${sku}-BAD`, selling_price: 'free' }),
  ].join('\n');

  // A wrong type is refused in the browser with the spec's words, before anything is sent.
  await page
    .getByTestId('bulk-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByTestId('upload-problem')).toHaveText(key(en, 'upload.file_type'));

  await page
    .getByTestId('bulk-file')
    .setInputFiles({ name: 'my-products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  const report = page.getByTestId('upload-report');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('count-total')).toHaveText('2');
  await expect(page.getByTestId('count-valid')).toHaveText('1');
  await expect(page.getByTestId('count-errors')).toHaveText('1');
  const issues = page.getByTestId('issue-table');
  await expect(issues).toContainText('selling_price');
  await expect(issues).toContainText('free');
  await expect(issues).toContainText(key(enErrors, 'validation.number'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'bulk-upload-report', project);

  await page.getByTestId('choice-skip').check();
  await page.getByTestId('confirm-import').click();
  await expect(page.getByTestId('import-done')).toBeVisible();
  await expect(page.getByTestId('upload-history')).toContainText('my-products.csv');
  await expect(page.getByTestId('upload-history').getByTestId('error-log').first()).toBeVisible();
  await shot(page, 'bulk-upload-done', project);

  // The error log downloads as CSV with the translated message.
  const [log] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('upload-history').getByTestId('error-log').first().click(),
  ]);
  const logText = readFileSync((await log.path())!, 'utf8');
  expect(logText).toContain(key(enErrors, 'validation.number'));

  // The good row is a product of the supplier's, with the count as its stock.
  await page.goto(`/bulk-upload?tab=products`);
  await page.getByRole('searchbox').fill(sku);
  await expect(page.getByText(`Upload Test Beans ${project}`)).toBeVisible();
  const mine = (await (await page.request.get(`/api/my-products?search=${sku}`)).json()) as {
    products: { sku: string; stock_quantity: number }[];
  };
  expect(mine.products).toEqual([expect.objectContaining({ sku, stock_quantity: 33 })]);
  await shot(page, 'bulk-upload-my-products', project);
});

test('My products comes a page at a time: Show more brings the rest, and a change there keeps them', async ({
  page,
  login,
}, info) => {
  await login('supplier', '/bulk-upload');
  const rows = page.getByTestId('my-product');
  const { matching, page_size: pageSize } = (await (await page.request.get('/api/my-products')).json()) as {
    matching: number;
    page_size: number;
  };
  // The demo supplier has more listings than a page holds.
  expect(matching).toBeGreaterThan(pageSize);
  await expect(rows).toHaveCount(pageSize);
  const more = page.getByTestId('more-products');
  await expect(more).toHaveText(`Show more (${pageSize} of ${matching})`);
  await more.click();
  await expect(rows).toHaveCount(matching);
  await expect(more).toHaveCount(0);

  // The oldest listing, only on the second page: deactivated, it stays where it was with every row still there;
  // activated again, it is as the demo had it.
  const last = rows.last();
  const name = (await last.getByRole('heading').textContent())!;
  await last.getByTestId('toggle-product').click();
  await expect(page.getByTestId('products-notice')).toHaveText(
    key(en, 'products.deactivated').replace('{{name}}', name),
  );
  await expect(last).toContainText(key(en, 'products.inactive'));
  await expect(rows).toHaveCount(matching);
  await expectNoHorizontalScroll(page);
  await shot(page, 'bulk-upload-my-products-all', info.project.name);
  await last.getByTestId('toggle-product').click();
  await expect(page.getByTestId('products-notice')).toHaveText(
    key(en, 'products.activated').replace('{{name}}', name),
  );
  await expect(last).toContainText(key(en, 'products.active'));
  await expect(rows).toHaveCount(matching);
});
