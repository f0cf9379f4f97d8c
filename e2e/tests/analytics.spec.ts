import { readFileSync } from 'node:fs';
import {
  formatRandAmount,
  type BusinessAnalytics,
  type FinancialAnalytics,
  type JournalList,
} from '@tt/domain';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

/**
 * Advanced Analytics (spec 2; ADR 056): the demo shop's own figures in both areas, the timeframe changing them, an
 * export that downloads the rows shown, Show more through the journal, a reload keeping the choice; the demo
 * supplier's buyers; staff told why there is nothing; the server refusing a timeframe it does not know. Axe at phone
 * size on every tab.
 */

const en = locale('en', 'analytics');
const common = locale('en', 'common');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();
const rand = (value: number) => plain(formatRandAmount(value));

const business = async (page: Page, timeframe: string) =>
  (await (
    await page.request.get(`/api/analytics/business?timeframe=${timeframe}`)
  ).json()) as BusinessAnalytics;
const financial = async (page: Page, timeframe: string) =>
  (await (
    await page.request.get(`/api/analytics/financial?timeframe=${timeframe}`)
  ).json()) as FinancialAnalytics;

async function exported(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('tabpanel').getByTestId('analytics-export').first().click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  return { name: download.suggestedFilename(), rows: text.trimEnd().split('\r\n') };
}

test('the demo shop reads its own sales and books, changes the timeframe and exports what it sees', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  await login('retailer', false);
  const year = await business(page, 'year');
  const quarter = await business(page, 'quarter');
  // Five weeks of till sales (ADR 053): the quarter has them, and the year holds at least as much.
  expect(quarter.overview.till_sales).toBeGreaterThan(0);
  expect(year.overview.revenue).toBeGreaterThanOrEqual(quarter.overview.revenue);
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };

  // The Insights menu's link reaches the working screen (it was "on its way").
  await page.goto('/dashboard');
  if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: key(common, 'nav.analytics'), exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();

  // The quarter: the server's figures in rand.
  const timeframe = page.getByTestId('analytics-timeframe');
  await timeframe.selectOption('quarter');
  const overview = page.getByTestId('analytics-business-overview');
  await expect(overview).toContainText(rand(quarter.overview.revenue));
  await expect(overview).toContainText(rand(quarter.overview.till_sales));
  await expect(overview).toContainText(rand(quarter.overview.purchases));
  await expectNoHorizontalScroll(page);
  await shot(page, 'analytics-overview', project);
  await sweep('overview');

  // Sales analysis: one row a bar, and the export has exactly those rows and their total.
  await page.getByTestId('tab-sales').click();
  await expect(page.getByTestId('analytics-sales-table-row')).toHaveCount(quarter.sales.length);
  // The chart comes in its own chunk, after the figures.
  await expect(page.getByRole('tabpanel').locator('.recharts-surface')).toBeVisible();
  await shot(page, 'analytics-sales', project);
  await sweep('sales');
  const sales = await exported(page);
  expect(sales.name).toBe(`analytics-sales-quarter-${quarter.period.from}_${quarter.period.to}.csv`);
  expect(sales.rows).toHaveLength(quarter.sales.length + 2);
  expect(sales.rows[1]!.startsWith(`${quarter.sales[0]!.label},`)).toBe(true);
  expect(sales.rows.at(-1)).toContain(quarter.overview.revenue.toFixed(2));

  // Products: the till's best sellers with their margin.
  await page.getByTestId('tab-products').click();
  const best = page.getByTestId('analytics-best-row');
  await expect(best).toHaveCount(Math.min(5, quarter.products.length));
  await expect(best.first()).toContainText(quarter.products[0]!.name);
  await shot(page, 'analytics-products', project);
  await sweep('products');
  for (const tab of ['customers', 'regions']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`analytics-${tab}`)).toBeVisible();
    await sweep(tab);
  }

  // The year: the figures follow the timeframe.
  await page.getByTestId('tab-overview').click();
  await timeframe.selectOption('year');
  await expect(overview).toContainText(rand(year.overview.revenue));
  await expect(page).toHaveURL(/timeframe=year/);

  // Financial analytics: the books' income, expenses and profit.
  const books = await financial(page, 'year');
  await page.getByTestId('analytics-area-financial').click();
  const money = page.getByTestId('analytics-financial-overview');
  await expect(money).toContainText(rand(books.overview.income));
  await expect(money).toContainText(rand(books.overview.expenses));
  await expect(money).toContainText(rand(books.overview.profit));
  await shot(page, 'analytics-financial', project);
  await sweep('financial overview');

  // Transactions: 20 entries, then Show more.
  const journal = (await (
    await page.request.get('/api/analytics/transactions?timeframe=year')
  ).json()) as JournalList;
  await page.getByTestId('tab-transactions').click();
  const entries = page.getByTestId('analytics-entry');
  await expect(entries).toHaveCount(Math.min(20, journal.total));
  await expect(entries.first()).toContainText(journal.entries[0]!.reference);
  await sweep('transactions');
  if (journal.total > 20) {
    await page.getByTestId('analytics-more-entries').click();
    await expect(entries).toHaveCount(Math.min(40, journal.total));
  }

  // Cash flow, projections and expenses; the expenses' export adds up to the books' expenses.
  await page.getByTestId('tab-cash_flow').click();
  await expect(page.getByTestId('analytics-cash-table-row')).toHaveCount(books.cash_flow.length);
  await expect(page.getByRole('tabpanel').locator('.recharts-surface')).toBeVisible();
  await shot(page, 'analytics-cash-flow', project);
  await sweep('cash flow');
  await page.getByTestId('tab-projections').click();
  await expect(page.getByTestId('analytics-projections')).toBeVisible();
  await shot(page, 'analytics-projections', project);
  await sweep('projections');
  await page.getByTestId('tab-expenses').click();
  await expect(page.getByTestId('analytics-expenses-table-row')).toHaveCount(books.expenses.length);
  await sweep('expenses');
  const expenses = await exported(page);
  expect(expenses.rows).toHaveLength(books.expenses.length + 2);
  const parts = expenses.rows.slice(1, -1).map((row) => Math.round(Number(row.split(',').at(-2)) * 100));
  expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.round(books.overview.expenses * 100));

  // A reload keeps the area, the tab and the timeframe.
  await page.reload();
  await expect(page.getByTestId('analytics-expenses-table-row')).toHaveCount(books.expenses.length);
  await expect(page.getByTestId('analytics-timeframe')).toHaveValue('year');
  expect(axe).toEqual([]);
});

test('a supplier sees its buyers, staff are told why there is nothing, and the server refuses what it must', async ({
  page,
  login,
}) => {
  await login('supplier', false);
  const year = await business(page, 'year');
  expect(year.sources).toEqual(['marketplace']);
  await page.goto('/analytics?timeframe=year&tab=customers');
  if (year.customers.top.length > 0)
    await expect(page.getByTestId('analytics-customers-table-row').first()).toContainText(
      year.customers.top[0]!.name,
    );
  else await expect(page.getByTestId('analytics-customers')).toContainText(key(en, 'customers.none'));

  const refused = await page.request.get('/api/analytics/business?timeframe=decade');
  expect(refused.status()).toBe(400);

  await login('admin', '/analytics');
  await expect(page.getByTestId('analytics-empty')).toContainText(key(en, 'empty.staff'));
});

test('the analytics read in isiZulu on every tab without sideways scrolling', async ({
  page,
  login,
}, info) => {
  const zu = locale('zu', 'analytics');
  await page.addInitScript(() => localStorage.setItem('language', 'zu'));
  await login('retailer', false);
  for (const [area, tabs] of [
    ['', ['', 'sales', 'customers', 'products', 'regions']],
    ['financial', ['', 'transactions', 'cash_flow', 'projections', 'expenses']],
  ] as const) {
    for (const tab of tabs) {
      const query = new URLSearchParams({ timeframe: 'quarter', ...(area && { area }), ...(tab && { tab }) });
      await page.goto(`/analytics?${query}`);
      await expect(page.getByRole('heading', { name: key(zu, 'title') })).toBeVisible();
      await expect(page.getByText(key(zu, 'loading'))).toHaveCount(0);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  }
  await page.goto('/analytics?timeframe=quarter');
  await expect(page.getByTestId('analytics-business-overview')).toContainText(key(zu, 'overview.till_sales'));
  await shot(page, 'analytics-overview-zu', info.project.name);
  await page.goto('/analytics?timeframe=quarter&area=financial&tab=projections');
  await shot(page, 'analytics-projections-zu', info.project.name);
});
