import { readFileSync } from 'node:fs';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';

/**
 * Issue 13 point 6: /reports for admins and coordinators, from the real orders (DECISIONS 12). An admin
 * reads the overview (the figures are the server's), generates a report, waits for the job to make it
 * and downloads the CSV; looks at live analytics; schedules a report and stops it again.
 */

const en = locale('en', 'reports');

interface Overview {
  figures: { orders: number };
  top_products: { name: string }[];
}

test('an admin reads the overview, generates a report, downloads it, and schedules one', async ({
  page,
  login,
}, info) => {
  await login('admin', '/reports');
  const overview = page.getByTestId('report-overview');
  await expect(overview).toBeVisible();
  await expect(page.getByTestId('report-scope')).toHaveText(key(en, 'scope.all'));
  // The figures are the seeded orders' own, as the server computes them for the chosen period.
  const month = (await (await page.request.get('/api/reports/overview?period=30d')).json()) as Overview;
  await expect(overview).toContainText(`${key(en, 'overview.orders')}${month.figures.orders}`);
  await expect(page.getByTestId('top-products')).toContainText(month.top_products[0]!.name);
  await expect(
    page.getByTestId('report-revenue-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'reports-overview', info.project.name);

  await page.getByTestId('report-period').selectOption('1y');
  const year = (await (await page.request.get('/api/reports/overview?period=1y')).json()) as Overview;
  await expect(overview).toContainText(`${key(en, 'overview.orders')}${year.figures.orders}`);
  expect(year.figures.orders).toBeGreaterThan(month.figures.orders);

  // Generated reports: the job makes the file; Download appears only when it is ready.
  await page.getByTestId('tab-generated').click();
  await page.getByLabel(key(en, 'generated.type'), { exact: true }).selectOption('orders');
  await page.getByTestId('generate-report').click();
  const row = page.getByTestId('generated-report').first();
  await expect(row).toContainText(key(en, 'types.orders'));
  await expect(row).toContainText(key(en, 'status.ready'), { timeout: 20_000 });
  await expectNoHorizontalScroll(page);
  await shot(page, 'reports-generated', info.project.name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('download-report').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^township-trade-orders-.*\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'order_number,placed_at,status,buyer,seller,subtotal_rand,vat_rand,delivery_rand,discount_rand,total_rand',
  );
  expect(lines.length - 1).toBe(year.figures.orders);

  // Live analytics.
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId('report-live')).toContainText(key(en, 'live.today_orders'));
  await expect(page.getByTestId('live-orders').locator('li').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'reports-live', info.project.name);

  // Scheduled reports: one is added with its next run, then stopped.
  await page.getByTestId('tab-scheduled').click();
  const name = `Weekly sales ${info.project.name}`;
  await page.getByLabel(key(en, 'scheduled.name')).fill(name);
  await page.getByLabel(key(en, 'scheduled.frequency')).selectOption('weekly');
  await page.getByTestId('create-schedule').click();
  const schedule = page.getByTestId('report-schedule').filter({ hasText: name });
  await expect(schedule).toContainText(key(en, 'frequency.weekly'));
  await expectNoHorizontalScroll(page);
  await shot(page, 'reports-scheduled', info.project.name);
  await schedule.getByRole('button', { name: `Stop the schedule ${name}` }).click();
  await expect(schedule).toHaveCount(0);
});

test('a coordinator sees the figures of their own co-ops', async ({ page, login }) => {
  await login('coordinator', '/reports');
  const coop = (await (await page.request.get('/api/reports/overview?period=30d')).json()) as Overview & {
    scope: { cooperatives: { name: string }[] };
  };
  await expect(page.getByTestId('report-scope')).toContainText(coop.scope.cooperatives[0]!.name);
  await expect(page.getByTestId('report-overview')).toContainText(
    `${key(en, 'overview.orders')}${coop.figures.orders}`,
  );
});

test('the reports read in isiXhosa without cut text or sideways scrolling', async ({ page, login }, info) => {
  const xh = locale('xh', 'reports');
  await page.addInitScript(() => localStorage.setItem('language', 'xh'));
  await login('coordinator', false);
  for (const tab of ['', '?tab=generated', '?tab=scheduled']) {
    await page.goto(`/reports${tab}`);
    await expect(page.getByRole('heading', { name: key(xh, 'title') })).toBeVisible();
    await expect(page.getByText(key(xh, 'loading'))).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  }
  await page.goto('/reports');
  await expect(page.getByTestId('report-overview')).toContainText(key(xh, 'overview.top_products'));
  await shot(page, 'reports-overview-xh', info.project.name);
  await page.goto('/reports?tab=scheduled');
  await shot(page, 'reports-scheduled-xh', info.project.name);
});
