import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  saleRequest,
  type PosCatalogue,
  type PosProduct,
  type PosTransaction,
  type PosTransactionList,
} from '@tt/domain';
import { test, expect, locale, key, expectNoHorizontalScroll, shot } from './fixtures';

const en = locale('en', 'pos');

const catalogue = async (page: Page) =>
  (await (await page.request.get('/api/pos/products')).json()) as PosCatalogue;
const transactions = async (page: Page) =>
  (await (await page.request.get('/api/pos/transactions?limit=100')).json()) as PosTransactionList;

/** The shop's products with the most stock, so every run (phone and desktop) has enough to sell. */
const mostStocked = (till: PosCatalogue, count: number): PosProduct[] =>
  till.products
    .filter((p) => p.price > 0)
    .sort((a, b) => b.available - a.available)
    .slice(0, count);

/** Finds a product by its SKU (the grid shows 20) and adds one to the cart. */
async function add(page: Page, sku: string) {
  await page.locator('#pos-search').fill(sku);
  await page.getByTestId(`pos-product-${sku}`).click();
}

async function ringUp(page: Page, skus: string[], method: 'cash' | 'card' | 'mobile', tendered?: string) {
  for (const sku of skus) await add(page, sku);
  await page.getByTestId('process-payment').click();
  await page.getByTestId(`method-${method}`).check();
  if (tendered) await page.getByTestId('pos-tendered').fill(tendered);
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByTestId('pos-success')).toBeVisible();
  const number = (await page.getByTestId('transaction-number').textContent())!.trim();
  return number;
}

test('sell at the till: totals, cash change, success modal and a printed receipt', async ({
  page,
  login,
}, info) => {
  const project = info.project.name;
  await login('retailer', '/pos');
  await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();
  const till = await catalogue(page);
  const [product] = mostStocked(till, 1);
  if (!product || product.available < 2) throw new Error('The demo shop should have stock to sell');
  await expect(page.getByTestId('pos-grid')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'till', project);

  // An existing product added again raises its quantity; 0 removes the line.
  await add(page, product.sku);
  await add(page, product.sku);
  await expect(page.getByTestId(`qty-${product.sku}`)).toHaveValue('2');
  await page.getByTestId(`qty-${product.sku}`).fill('0');
  await expect(page.getByTestId('cart-line')).toHaveCount(0);
  await add(page, product.sku);
  await page.getByTestId('pos-discount').fill('10');
  await expect(page.getByTestId('pos-vat')).toContainText(
    till.shop.vat_registered ? key(en, 'totals.vat_included') : key(en, 'totals.no_vat'),
  );
  await expectNoHorizontalScroll(page);
  await shot(page, 'cart', project);

  await page.getByTestId('process-payment').click();
  await page.getByTestId('method-cash').check();
  await page.getByTestId('pos-tendered').fill('500');
  await expect(page.getByTestId('pos-change')).toBeVisible();
  await shot(page, 'payment', project);
  const before = (await transactions(page)).total;
  await page.getByTestId('confirm-payment').click();
  await expect(page.getByTestId('pos-success')).toBeVisible();
  const number = (await page.getByTestId('transaction-number').textContent())!.trim();
  expect(number).toMatch(/^[A-Z0-9]{4}-\d{4,}$/);
  await shot(page, 'success', project);
  const after = await transactions(page);
  expect(after.total).toBe(before + 1);
  expect(after.transactions[0]).toMatchObject({ transaction_number: number, payment_method: 'cash' });

  // Print Receipt prints the receipt alone (print media shows only it, laid out for till paper).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId('print-receipt').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const receipt = page.getByTestId('pos-receipt');
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(number);
  await expect(receipt).toContainText(product.name);
  await expect(receipt).toContainText(till.shop.name);
  await shot(page, 'receipt-print', project);
  await page.emulateMedia({ media: 'screen' });
  await expect(receipt).toBeHidden();
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(0);
});

test('refund (or void) a whole sale with a reason: its stock comes back', async ({ page, login }, info) => {
  await login('retailer', false);
  const till = await catalogue(page);
  const [product] = mostStocked(till, 1);
  if (!product) throw new Error('The demo shop should have stock to sell');
  const sold = (await (
    await page.request.post('/api/pos/process-payment', {
      data: saleRequest({
        clientSaleId: randomUUID(),
        lines: [{ product_id: product.id, quantity: 1, unit_price_cents: Math.round(product.price * 100) }],
        discountPercent: 0,
        vatRegistered: till.shop.vat_registered,
        paymentMethod: 'card',
      }),
    })
  ).json()) as PosTransaction;
  await page.goto('/pos');
  const number = sold.transaction_number;
  await page.getByTestId(`refund-${number}`).click();
  await expect(page.getByTestId('confirm-refund')).toBeDisabled();
  await page.getByTestId('refund-reason').fill('Rung up by mistake');
  await shot(page, 'refund', info.project.name);
  await page.getByTestId('confirm-refund').click();
  await expect(page.getByTestId('refund-notice')).toContainText(number);
  expect((await catalogue(page)).products.find((p) => p.id === product.id)!.available).toBe(
    product.available,
  );
  expect((await transactions(page)).transactions.find((x) => x.id === sold.id)).toMatchObject({
    refund_reason: 'Rung up by mistake',
  });
});

test.describe('offline', () => {
  // The service worker keeps the till's code for offline use (the other tests block it).
  test.use({
    expectedConsoleErrors: /net::ERR_(INTERNET_DISCONNECTED|FAILED|NETWORK_CHANGED)/,
    serviceWorkers: 'allow',
  });

  test('three sales rung up offline survive a reload and reach the server exactly once', async ({
    page,
    context,
    login,
  }, info) => {
    test.slow();
    const project = info.project.name;
    await login('retailer', '/pos');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled by the worker from here on: the till's chunks and last answers are kept for offline use.
    await page.reload();
    await expect(page.getByTestId('pos-grid')).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const till = await catalogue(page);
    const [a, b] = mostStocked(till, 2);
    if (!a || !b || b.available < 2) throw new Error('The demo shop should have two stocked products');
    const before = await transactions(page);

    await context.setOffline(true);
    const numbers = [
      await ringUp(page, [a.sku], 'cash', '1000'),
      await (async () => {
        await page.getByTestId('new-sale').click();
        return ringUp(page, [a.sku, a.sku, b.sku], 'card');
      })(),
      await (async () => {
        await page.getByTestId('new-sale').click();
        return ringUp(page, [b.sku], 'mobile');
      })(),
    ];
    await expect(page.getByTestId('pos-success')).toContainText(key(en, 'success.queued'));
    await page.getByTestId('new-sale').click();
    await expect(page.getByTestId('queued-sale')).toHaveCount(3);
    await shot(page, 'offline-queue', project);

    // A reload without a network loses nothing.
    await page.reload();
    await expect(page.getByTestId('queued-sale')).toHaveCount(3);
    await expect(page.getByTestId('pos-queue')).toContainText(numbers[0]!);

    await context.setOffline(false);
    await expect(page.getByTestId('pos-queue')).toHaveCount(0, { timeout: 20_000 });

    const after = await transactions(page);
    expect(after.total).toBe(before.total + 3);
    const synced = after.transactions.filter((x) => numbers.includes(x.transaction_number));
    expect(synced).toHaveLength(3);
    expect(synced.every((x) => x.offline)).toBe(true);
    const now = await catalogue(page);
    expect(now.products.find((p) => p.id === a.id)!.available).toBe(a.available - 3);
    expect(now.products.find((p) => p.id === b.id)!.available).toBe(b.available - 2);
    await expectNoHorizontalScroll(page);
    await shot(page, 'after-sync', project);
  });
});
