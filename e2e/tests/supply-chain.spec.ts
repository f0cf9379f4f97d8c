import { deliveryBarPercent, formatRandAmount, type SupplyChain } from '@tt/domain';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'supply_chain');
const common = locale('en', 'common');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();
const chainOf = async (page: Page, period: string) =>
  (await (await page.request.get(`/api/supply-chain?period=${period}`)).json()) as SupplyChain;

test("a retailer reads its suppliers' figures, searches them, changes the period and sees the advice", async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  await login('retailer', false);
  const quarter = await chainOf(page, '90d');
  const month = await chainOf(page, '30d');
  // The demo retailer buys from the demo supplier and distributor every week or two.
  expect(quarter.suppliers.length).toBeGreaterThanOrEqual(2);
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };

  // The Operations menu's link reaches a working screen (it was "on its way").
  await page.goto('/dashboard');
  if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: key(common, 'nav.supply_chain'), exact: true }).click();
  await expect(page).toHaveURL(/\/supply-chain$/);
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();

  // Overview: the server's figures, in rand, and the suppliers most spent with.
  const totals = page.getByTestId('supply-chain-totals');
  await expect(totals).toContainText(formatRandAmount(quarter.totals.spend));
  await expect(totals).toContainText(formatRandAmount(quarter.totals.delivery_fees));
  await expect(page.getByTestId('top-suppliers').getByRole('listitem')).toHaveCount(
    Math.min(3, quarter.suppliers.length),
  );
  await expectNoHorizontalScroll(page);
  await shot(page, 'supply-chain-overview', project);
  await sweep('overview');

  // Suppliers: every one of the period, and the search.
  await page.getByTestId('tab-suppliers').click();
  const cards = page.getByTestId('supplier-card');
  await expect(cards).toHaveCount(quarter.suppliers.length);
  const first = quarter.suppliers[0]!;
  await expect(cards.first()).toContainText(first.name);
  expect(plain(await cards.first().locator('p').first().textContent())).toBe(
    plain(formatRandAmount(first.spend)),
  );
  await shot(page, 'supply-chain-suppliers', project);
  await sweep('suppliers');
  await page.getByTestId('supplier-search').fill(first.name.slice(0, 6).toUpperCase());
  await expect(cards).toHaveCount(
    quarter.suppliers.filter((s) => s.name.toLowerCase().includes(first.name.slice(0, 6).toLowerCase()))
      .length,
  );
  await page.getByTestId('supplier-search').fill('no such supplier');
  await expect(page.getByTestId('supplier-no-match')).toBeVisible();
  await page.getByTestId('supplier-search').fill('');
  await expect(cards).toHaveCount(quarter.suppliers.length);

  // Performance: spec 2's delivery bar for each supplier that has delivered.
  await page.getByTestId('tab-performance').click();
  const delivered = quarter.suppliers.find((s) => s.average_delivery_days !== null)!;
  const bar = page
    .locator(`[data-testid="performance-card"][data-seller-id="${delivered.seller_id}"]`)
    .getByTestId('delivery-bar');
  await expect(bar).toHaveAttribute(
    'aria-valuenow',
    String(deliveryBarPercent(delivered.average_delivery_days!)),
  );
  await sweep('performance');

  // Optimization: what the server advises, or that there is nothing to improve.
  await page.getByTestId('tab-optimization').click();
  if (quarter.advice.length === 0) await expect(page.getByTestId('no-advice')).toBeVisible();
  else await expect(page.getByTestId('advice')).toHaveCount(quarter.advice.length);
  await shot(page, 'supply-chain-optimization', project);
  await sweep('optimization');

  // Another period: the figures follow.
  await page.getByTestId('tab-overview').click();
  await page.getByTestId('supply-chain-period').selectOption('30d');
  if (month.totals.orders === 0) await expect(page.getByTestId('supply-chain-empty')).toBeVisible();
  else await expect(totals).toContainText(formatRandAmount(month.totals.spend));
  expect(axe).toEqual([]);
});

test('a seller is told why it has no suppliers here, and a visitor how to see theirs', async ({
  page,
  login,
}) => {
  await page.goto('/supply-chain');
  await expect(page.getByTestId('supply-chain-closed')).toContainText(key(en, 'closed.visitor'));
  await login('distributor', '/supply-chain');
  await expect(page.getByTestId('supply-chain-closed')).toContainText(key(en, 'closed.not_a_buyer'));
});
