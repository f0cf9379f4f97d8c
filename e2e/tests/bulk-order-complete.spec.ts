import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { BulkOrder, Membership, Order, Participation, PromotableProductList } from '@tt/domain';
import { expect, key, locale, shot, test } from './fixtures';

/**
 * Issue 12 point 6, ADR 025: a coordinator's bulk order (at a bulk price the seller accepted, DECISIONS 22)
 * fills up with members, the coordinator closes it after a confirmation that says what will happen, and
 * every participant then has an order from the seller at the bulk price; the bulk order shows completed.
 */
const enProposals = locale('en', 'proposals');
const enOrders = locale('en', 'orders');
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const cents = (rand: number) => Math.round(rand * 100);
function rand(value: number): string {
  const whole = Math.floor(value / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `R ${whole}.${String(value % 100).padStart(2, '0')}`;
}

async function signedIn(origin: string, role: 'supplier' | 'coordinator'): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: origin });
  expect((await context.post('/api/demo/login', { data: { role } })).ok()).toBeTruthy();
  return context;
}

/** The participant's own view: My Participations links the order, and /orders shows it at the bulk price. */
async function expectOrderAtBulkPrice(
  page: Page,
  bulk: BulkOrder,
  quantity: number,
  [project, name]: [string, string],
) {
  await page.goto('/bulk-orders?tab=mine');
  const row = page
    .getByTestId('participation-row')
    .filter({ hasText: bulk.product_name })
    .filter({
      has: page.getByTestId('participation-order'),
    });
  const mine = (await (
    await page.request.get('/api/bulk-orders/my-participations')
  ).json()) as Participation[];
  const participation = mine.find((p) => p.bulk_order_id === bulk.id)!;
  expect(participation.order_id, 'the participation became an order').not.toBeNull();
  await row.filter({ hasText: participation.order_number! }).getByTestId('participation-order').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?order=${participation.order_id}`));
  const details = page.getByTestId('order-details');
  await expect(details).toBeVisible();
  const order = (await (await page.request.get(`/api/orders/${participation.order_id}`)).json()) as Order;
  // From the bulk order's seller, for the member's quantity: the list price less the bulk discount.
  expect(order.seller_id).toBe(bulk.seller_id);
  expect(order.items).toHaveLength(1);
  expect(order.items[0]!.quantity).toBe(quantity);
  const goods = cents(order.subtotal) - cents(order.discount_amount);
  expect(goods).toBe(cents(bulk.final_unit_price) * quantity);
  await expect(page.getByRole('dialog')).toContainText(bulk.seller_name);
  // The line says what priced it and what that took off; the summary takes the same off, with a minus sign as the
  // checkout's review showed it.
  expect(order.items[0]).toMatchObject({ offer_type: 'bulk_order', discount: order.discount_amount });
  expect(plain(await details.getByTestId('order-item-discount').textContent())).toBe(
    `${key(enOrders, 'details.offer.bulk_order')} −${rand(cents(order.discount_amount))}`,
  );
  expect(plain(await details.getByTestId('details-discount').textContent())).toBe(
    `−${rand(cents(order.discount_amount))}`,
  );
  await expect(details.getByTestId('details-rewards')).toHaveCount(0);
  expect(plain(await details.getByTestId('details-total').textContent())).toBe(
    rand(cents(order.total_amount)),
  );
  await shot(page, name, project);
}

test('a filled bulk order closed by its coordinator becomes an order at the bulk price for every member', async ({
  page,
  login,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  // Asked through the API first; the first screen is the coordinator's below.
  await login('retailer', false);
  const origin = info.project.use.baseURL!;
  const memberOf = (await (
    await page.request.get('/api/cooperatives/my-memberships')
  ).json()) as Membership[];

  // The demo supplier's product (one in the middle: other specs order its first and promote its last).
  const supplier = await signedIn(origin, 'supplier');
  const { products } = (await (
    await supplier.get('/api/trade-promotions/my-products')
  ).json()) as PromotableProductList;
  const catalogue = (await (await page.request.get('/api/products?page_size=100')).json()) as {
    products: { id: number; stock_quantity: number; is_active: boolean; minimum_order_quantity: number }[];
  };
  const product = products
    .slice(1, -1)
    .map((p) => catalogue.products.find((c) => c.id === p.id))
    .find((p) => p && p.is_active && p.stock_quantity >= 40 && p.minimum_order_quantity <= 3);
  expect(product, 'a product of the demo supplier with stock').toBeDefined();

  // The coordinator opens a bulk order 10% below list price in a co-op the retailer belongs to ...
  const coordinator = await signedIn(origin, 'coordinator');
  const coop = (
    (await (await coordinator.get('/api/cooperatives/my-memberships')).json()) as Membership[]
  ).find((m) => m.is_coordinator && memberOf.some((r) => r.coop_id === m.coop_id));
  expect(coop, 'the demo coordinator runs a co-op of the demo retailer').toBeDefined();
  const created = await coordinator.post('/api/bulk-orders', {
    data: {
      coop_id: coop!.coop_id,
      product_id: product!.id,
      bulk_discount_percentage: 10,
      minimum_quantity: 3,
      target_quantity: 6,
      end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const proposed = (await created.json()) as BulkOrder;
  expect(proposed.status).toBe('proposed');
  // ... which opens once the seller accepts it (DECISIONS 22).
  const accepted = await supplier.post(`/api/bulk-orders/${proposed.id}/accept`, {
    data: { committed_quantity: 10 },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  await supplier.dispose();

  // Two members join and the target of 6 is met.
  const joinedByRetailer = await page.request.post('/api/bulk-orders/participate', {
    data: { bulk_order_id: proposed.id, quantity: 3 },
  });
  expect(joinedByRetailer.ok(), await joinedByRetailer.text()).toBeTruthy();
  const joinedByCoordinator = await coordinator.post('/api/bulk-orders/participate', {
    data: { bulk_order_id: proposed.id, quantity: 3 },
  });
  expect(joinedByCoordinator.ok(), await joinedByCoordinator.text()).toBeTruthy();
  await coordinator.dispose();

  // The coordinator closes it: the confirmation says every member's share becomes an order at the bulk price.
  await login('coordinator', '/bulk-orders?tab=create');
  const mine = page.locator(`[data-testid="my-proposal"]`).filter({
    has: page.getByTestId(`close-bulk-${proposed.id}`),
  });
  await mine.scrollIntoViewIfNeeded();
  const bulk = ((await (await page.request.get('/api/bulk-orders/my-proposals')).json()) as BulkOrder[]).find(
    (o) => o.id === proposed.id,
  )!;
  expect(bulk.current_quantity).toBe(6);
  await page.getByTestId(`close-bulk-${proposed.id}`).click();
  const dialog = page.getByRole('dialog');
  const hint = key(enProposals, 'mine.close_hint')
    .replace('{{target}}', '6')
    .replace('{{price}}', rand(cents(bulk.final_unit_price)));
  expect(plain(await dialog.textContent())).toContain(plain(hint));
  await expect(dialog).toContainText(bulk.product_name);
  await shot(page, 'bulk-close-confirm', project, { fullPage: false });
  await page.getByTestId('confirm-close-bulk').click();
  await expect(page.getByTestId('bulk-closed')).toHaveText(key(enProposals, 'mine.closed'));
  const done = page.locator(`[data-testid="my-proposal"][data-status="completed"]`).filter({
    hasText: bulk.product_name,
  });
  await expect(done.first()).toContainText(key(enProposals, 'status.completed'));
  await expect(page.getByTestId(`close-bulk-${proposed.id}`)).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'bulk-completed', project);

  // Each participant has an order from the seller at the bulk price.
  await expectOrderAtBulkPrice(page, bulk, 3, [project, 'bulk-order-coordinator']);
  await login('retailer', false);
  await expectOrderAtBulkPrice(page, bulk, 3, [project, 'bulk-order-retailer']);
});
