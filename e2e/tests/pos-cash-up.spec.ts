import type { Page } from '@playwright/test';
import { formatRandAmount, type PosCashUpSummary, type PosCatalogue } from '@tt/domain';
import { test, expect, locale, key, expectNoHorizontalScroll, shot } from './fixtures';

const en = locale('en', 'pos');

const summary = async (page: Page) =>
  (await (await page.request.get('/api/pos/cash-up')).json()) as PosCashUpSummary;
const rand = (n: number) => formatRandAmount(n);
/** A translation with its {{placeholders}} filled in, as the screen shows it. */
const say = (path: string, params: Record<string, string | number>) =>
  key(en, path).replace(/{{(\w+)}}/g, (_, name: string) => String(params[name]));

test('cash up the till: totals per method, counted against expected, the shortfall posted and in the history', async ({
  page,
  login,
}, info) => {
  const project = info.project.name;
  await login('retailer', '/pos');
  const till = (await (await page.request.get('/api/pos/products')).json()) as PosCatalogue;
  const product = till.products.filter((p) => p.price > 0).sort((a, b) => b.available - a.available)[0];
  if (!product || product.available < 1) throw new Error('The demo shop should have stock to sell');

  // A cash sale at the till, so the session has cash in it.
  await page.locator('#pos-search').fill(product.sku);
  await page.getByTestId(`pos-product-${product.sku}`).click();
  await page.getByTestId('process-payment').click();
  await page.getByTestId('method-cash').check();
  await page.getByTestId('pos-tendered').fill(String(Math.ceil(product.price) + 10));
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByTestId('pos-success')).toBeVisible();
  await page.getByTestId('new-sale').click();

  const open = await summary(page);
  expect(open.sales_count).toBeGreaterThan(0);
  const panel = page.getByTestId('cash-up');
  await expect(panel.getByTestId('cash-up-net-cash')).toHaveText(rand(open.cash_net));
  await panel.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await shot(panel, 'cash-up-panel', project);

  // Float R 100; counted R 1.50 less than expected: short, posted to Cash over/short.
  const expected = Math.round((open.cash_net + 100) * 100) / 100;
  const counted = Math.round((expected - 1.5) * 100) / 100;
  await panel.getByTestId('open-cash-up').click();
  await page.getByTestId('cash-up-float').fill('100');
  await expect(page.getByTestId('cash-up-expected')).toHaveText(rand(expected));
  await page.getByTestId('cash-up-counted').fill(counted.toFixed(2));
  await expect(page.getByTestId('cash-up-difference')).toHaveText(
    say('cash_up.outcome.short', { amount: rand(1.5) }),
  );
  await expect(page.getByTestId('cash-up-posting')).toHaveText(
    say('cash_up.post.short', { amount: rand(1.5) }),
  );
  await shot(page, 'cash-up-dialog', project, { fullPage: false });
  await page.getByTestId('confirm-cash-up').click();

  await expect(panel.getByTestId('cash-up-notice')).toHaveText(
    say('cash_up.done', { session: open.session }),
  );
  const history = panel.getByTestId('cash-up-history').locator('li').first();
  await expect(history).toContainText(say('cash_up.history_item', { session: open.session }));
  await expect(history).toContainText(say('cash_up.outcome.short', { amount: rand(1.5) }));
  await expect(panel.getByTestId('cash-up-net-cash')).toHaveText(rand(0));
  await expectNoHorizontalScroll(page);
  await shot(panel, 'cash-up-done', project);
  await shot(page, 'pos-after-cash-up', project);

  // Recorded once, with the shortfall in the books.
  const after = await summary(page);
  expect(after.session).toBe(open.session + 1);
  expect(after.history[0]).toMatchObject({
    session: open.session,
    opening_float: 100,
    expected_cash: expected,
    counted_cash: counted,
    difference: -1.5,
    outcome: 'short',
  });
  expect(after.history[0]!.journal_reference).toMatch(/^CASHUP-/);
});
