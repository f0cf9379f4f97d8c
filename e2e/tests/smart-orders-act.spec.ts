import type { APIRequestContext, Page } from '@playwright/test';
import {
  formatRandAmount,
  sastDate,
  type InventoryList,
  type InventoryLocation,
  type OrderList,
  type ProductList,
  type ProposedOrder,
  type Quote,
  type ReorderRule,
  type ScheduledOrder,
  type SmartProductList,
  type SupplierList,
} from '@tt/domain';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'smart_orders');

/**
 * Smart orders act (issue 12 point 5, ADR 023): the server's job runner (polling every second, as in
 * production) places what comes due. A re-order rule fires when the buyer's stock is moved below its point
 * and its proposed order is confirmed through its review; a schedule saved due today with auto-confirm is
 * placed at once. Each makes exactly one order, at what checkout charges, shown on /orders.
 */

const money = formatRandAmount;
/** The rule's reorder quantity. */
const REORDER_QUANTITY = 12;

/**
 * Signs the demo retailer in without the fixture's dashboard round (these flows start on /smart-orders):
 * on the shared, loaded machine the dashboard's charts alone could take longer than an expectation waits.
 */
async function signIn(page: Page) {
  const response = await page.request.post('/api/demo/login', { data: { role: 'retailer' } });
  expect(response.ok()).toBeTruthy();
}

async function orderIds(request: APIRequestContext): Promise<Set<number>> {
  const list = (await (await request.get('/api/orders?page_size=50')).json()) as OrderList;
  return new Set(list.orders.map((o) => o.id));
}

/** The orders that appeared since `before` (the newest 50 are enough: a test makes one). */
async function newOrders(request: APIRequestContext, before: Set<number>) {
  const list = (await (await request.get('/api/orders?page_size=50')).json()) as OrderList;
  return list.orders.filter((o) => !before.has(o.id));
}

/** How many units of a product the buyer's open orders (not delivered or cancelled) still bring. */
async function onOrder(request: APIRequestContext, productId: number) {
  const open: OrderList['orders'] = [];
  for (const status of ['pending', 'confirmed', 'processing', 'shipped'] as const) {
    const list = (await (await request.get(`/api/orders?status=${status}&page_size=50`)).json()) as OrderList;
    open.push(...list.orders);
  }
  return open
    .flatMap((o) => o.items)
    .filter((i) => i.product_id === productId)
    .reduce((sum, i) => sum + i.quantity, 0);
}

/**
 * A marketplace item the retailer keeps in stock whose supplier sells it still (checkout takes the rule's
 * quantity of it), with no rule yet and nothing on order: earlier specs order from the same demo shop, and
 * units on order count towards the point, so an item with orders open might never cross it here.
 */
async function stockedItem(request: APIRequestContext) {
  const inventory = (await (await request.get('/api/inventory?limit=500')).json()) as InventoryList;
  // A rule watches the item at the shop's default location.
  const locations = (await (await request.get('/api/inventory/locations')).json()) as InventoryLocation[];
  const shop = locations.find((l) => l.is_default)!;
  const rules = (await (await request.get('/api/reorder-rules')).json()) as ReorderRule[];
  // The demo's sellers and their listings fit in one page each (a page holds SUPPLIERS_PAGE, SUPPLIER_PRODUCTS_PAGE).
  const { suppliers } = (await (await request.get('/api/suppliers')).json()) as SupplierList;
  for (const supplier of suppliers) {
    const { products } = (await (
      await request.get(`/api/suppliers/${supplier.id}/products`)
    ).json()) as SmartProductList;
    const candidates = inventory.items.filter(
      (i) =>
        i.marketplace_product_id !== null &&
        i.location_id === shop.id &&
        i.available_quantity >= 6 &&
        products.some((p) => p.id === i.marketplace_product_id) &&
        !rules.some((r) => r.product_id === i.marketplace_product_id),
    );
    for (const item of candidates) {
      if ((await onOrder(request, item.marketplace_product_id!)) > 0) continue;
      // Checkout takes the rule's quantity of it (its minimum order, the seller's stock).
      const quote = await request.post('/api/orders/quote', {
        data: { items: [{ product_id: item.marketplace_product_id, quantity: REORDER_QUANTITY }] },
      });
      if (!quote.ok()) continue;
      return { item, supplier, product: products.find((p) => p.id === item.marketplace_product_id)! };
    }
  }
  throw new Error('The demo retailer keeps no stock of a product a supplier sells');
}

test('a re-order rule fires when stock moves below its point: one proposed order, confirmed at its review, one order', async ({
  page,
}, info) => {
  test.slow(); // a job runs between the steps
  await signIn(page);
  const { item, supplier, product } = await stockedItem(page.request);
  const point = item.available_quantity - 2;

  await page.goto('/smart-orders?tab=auto');
  await expect(page.getByTestId('create-smart-order')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('create-smart-order').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'dialog.rule.create'));
  await page.getByLabel(key(en, 'form.supplier')).selectOption({ label: supplier.name });
  await page.getByLabel(key(en, 'form.product')).selectOption({ value: String(product.id) });
  await page.getByLabel(key(en, 'form.reorder_point')).fill(String(point));
  await page.getByLabel(key(en, 'form.reorder_quantity')).fill(String(REORDER_QUANTITY));
  await page.getByTestId('save-smart-order').click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByTestId('rule-card').filter({ hasText: product.name })).toBeVisible();

  // Available plus on order is above the point: saving looked once (a job) and raised nothing.
  const before = await orderIds(page.request);
  const rule = ((await (await page.request.get('/api/reorder-rules')).json()) as ReorderRule[]).find(
    (r) => r.product_id === product.id,
  )!;
  expect(rule).toMatchObject({ reorder_point: point, available: item.available_quantity });
  const proposals = async () =>
    ((await (await page.request.get('/api/smart-orders/proposed')).json()) as ProposedOrder[]).filter(
      (p) => p.source === 'reorder_rule' && p.items.some((i) => i.product_id === product.id),
    );
  expect(await proposals()).toHaveLength(0);

  // Stock goes out of the shop (an adjustment) until available plus on order is below the point: the
  // inventory event's job raises the rule's order, proposed since automatic ordering is off.
  const out = Math.min(item.available_quantity, 3 + rule.on_order);
  const moved = await page.request.post('/api/inventory/movements', {
    data: {
      product_id: item.product_id,
      location_id: item.location_id,
      movement_type: 'adjustment',
      quantity: -out,
      reason: 'Sold over the counter',
    },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  await expect.poll(async () => (await proposals()).length, { timeout: 30_000 }).toBe(1);
  const [proposal] = await proposals();
  // Its total is checkout's own quote for the same line.
  const quoted = (await (
    await page.request.post('/api/orders/quote', {
      data: { items: [{ product_id: product.id, quantity: REORDER_QUANTITY }] },
    })
  ).json()) as Quote;
  expect(proposal!.estimated_total).toBe(quoted.total_amount);

  await page.goto('/smart-orders?tab=auto');
  const card = page.getByTestId('proposed-order').filter({ hasText: product.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(money(quoted.total_amount));
  await expectNoHorizontalScroll(page);
  await shot(page, 'reorder-proposed', info.project.name);
  await card.getByTestId('confirm-proposed').click();
  await expect(page.getByTestId('proposed-total')).toContainText(money(quoted.total_amount));
  // Placed without the buyer's reward credits, like the quote above (no use_rewards), and the review says so.
  await expect(page.getByRole('dialog')).toContainText('Your rewards are not used on this order');
  await shot(page, 'reorder-review', info.project.name);
  await page.getByTestId('confirm-action').click();
  await expect(page.getByRole('status').filter({ hasText: 'ORD-' })).toBeVisible();
  await expect(page.getByTestId('proposed-order').filter({ hasText: product.name })).toHaveCount(0);

  const placed = await newOrders(page.request, before);
  expect(placed).toHaveLength(1);
  expect(placed[0]).toMatchObject({ total_amount: quoted.total_amount, seller_id: supplier.id });
  await page.goto(`/orders?order=${placed[0]!.id}`);
  // (A loaded machine can take a while to open the dialog: wait for it, not for a time.)
  await expect(page.getByTestId('order-details')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('details-total')).toContainText(money(quoted.total_amount));
  await shot(page, 'reorder-order', info.project.name);
});

test('a schedule saved due today with auto-confirm is placed once by the job, at what checkout charges', async ({
  page,
}, info) => {
  test.slow();
  await signIn(page);
  const { suppliers } = (await (await page.request.get('/api/suppliers')).json()) as SupplierList;
  const orderName = `Due today ${info.project.name} ${Date.now()}`;
  const before = await orderIds(page.request);

  await page.goto('/smart-orders?tab=scheduled');
  await expect(page.getByTestId('create-smart-order')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('create-smart-order').click();
  await expect(page.getByRole('dialog')).toContainText(key(en, 'dialog.schedule.create'));
  await page.getByLabel(key(en, 'form.order_name')).fill(orderName);
  const supplier = suppliers.find((s) => s.name.length > 0)!;
  await page.getByLabel(key(en, 'form.supplier')).selectOption({ label: supplier.name });
  // One of its products with stock for the order, at its minimum quantity (or 4).
  const { products } = (await (
    await page.request.get(`/api/suppliers/${supplier.id}/products`)
  ).json()) as SmartProductList;
  const chosen = products.find((p) => p.stock_quantity >= 100)!;
  const productId = chosen.id;
  const found = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent(chosen.name)}&page_size=50`)
  ).json()) as ProductList;
  const listing = found.products.find((p) => p.id === productId)!;
  const quantity = Math.max(4, listing.minimum_order_quantity);
  const productSelect = page.locator('#schedule-item-0-product');
  await expect(productSelect.locator('option')).not.toHaveCount(1);
  await productSelect.selectOption({ value: String(productId) });
  await page.locator('#schedule-item-0-quantity').fill(String(quantity));
  // Next order date stays today (the form's default); auto-confirm places it without asking.
  await page.getByLabel(key(en, 'form.auto_confirm')).check();
  const quoted = (await (
    await page.request.post('/api/orders/quote', { data: { items: [{ product_id: productId, quantity }] } })
  ).json()) as Quote;
  await page.getByTestId('save-smart-order').click();
  await expect(page.getByRole('status')).toContainText(orderName);

  await expect.poll(async () => (await newOrders(page.request, before)).length, { timeout: 30_000 }).toBe(1);
  const [order] = await newOrders(page.request, before);
  expect(order).toMatchObject({ total_amount: quoted.total_amount, seller_id: supplier.id });
  // The schedule moved on a week (its occurrence is used): a later round finds nothing due.
  const list = (await (await page.request.get('/api/scheduled-orders')).json()) as ScheduledOrder[];
  const mine = list.find((s) => s.order_name === orderName)!;
  expect(mine.next_order_date > sastDate()).toBe(true);
  expect(mine.last_order_date).toBe(sastDate());
  await page.reload();
  await expect(page.getByTestId('schedule-card').filter({ hasText: orderName })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'schedule-placed', info.project.name);
  expect(await newOrders(page.request, before)).toHaveLength(1);

  await page.goto(`/orders?order=${order!.id}`);
  await expect(page.getByTestId('details-total')).toContainText(money(quoted.total_amount), {
    timeout: 30_000,
  });
  await shot(page, 'schedule-order', info.project.name);

  // Clean up: the demo world is shared by the other specs of this project.
  expect((await page.request.delete(`/api/scheduled-orders/${mine.id}`)).status()).toBe(204);
});
