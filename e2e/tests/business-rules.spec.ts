import type { APIRequestContext } from '@playwright/test';
import { startProviderServer, type ProviderServer } from './provider-server';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const enLanding = locale('en', 'landing');

interface Product {
  id: number;
  name: string;
  selling_price: number;
  minimum_order_quantity: number;
  stock_quantity: number;
  seller_id: number;
  is_active: boolean;
}
interface Order {
  id: number;
  order_number: string;
  status: string;
  decline_reason: string | null;
}

async function signIn(request: APIRequestContext, role: 'supplier' | 'retailer') {
  expect((await request.post('/api/demo/login', { data: { role } })).ok()).toBeTruthy();
  return (await (await request.get('/api/users/me')).json()) as { id: number };
}

/** The retailer orders one of the demo supplier's products over the API; the server's 409 gives the totals. */
async function placeOrderWithSupplier(
  request: APIRequestContext,
): Promise<{ order: Order; product: Product }> {
  const supplier = await signIn(request, 'supplier');
  await signIn(request, 'retailer');
  const { products } = (await (await request.get('/api/products?page_size=100')).json()) as {
    products: Product[];
  };
  const product = products.find(
    (p) => p.is_active && p.seller_id === supplier.id && p.stock_quantity >= p.minimum_order_quantity + 5,
  );
  if (!product) throw new Error('The catalogue needs a product of the demo supplier in stock');
  const body = {
    order_number: `ORD${Date.now()}`,
    total_amount: 0,
    tax_amount: 0,
    items: [
      {
        product_id: product.id,
        quantity: product.minimum_order_quantity,
        unit_price: product.selling_price,
        total_price: 0,
      },
    ],
    delivery_address: '12 Vilakazi Street, Orlando West',
  };
  const key = `e2e-decline-${Date.now()}`;
  const first = await request.post('/api/orders', { data: body, headers: { 'Idempotency-Key': key } });
  expect(first.status()).toBe(409);
  const { totals } = (await first.json()) as { totals: { total_amount: number; tax_amount: number } };
  const placed = await request.post('/api/orders', {
    data: { ...body, total_amount: totals.total_amount, tax_amount: totals.tax_amount },
    headers: { 'Idempotency-Key': `${key}-priced` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { order: ((await placed.json()) as { orders: Order[] }).orders[0]!, product };
}

test('a seller declines a pending order with a reason; the stock returns and the buyer sees why', async ({
  page,
  login,
}, info) => {
  const project = info.project.name;
  const { order, product } = await placeOrderWithSupplier(page.request);
  const reason = `We cannot deliver to Orlando this week (${project})`;

  await login('supplier', '/orders?status=pending');
  const card = page.locator(`[data-testid="order-card"][data-order-number="${order.order_number}"]`);
  await card.getByTestId('view-details').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('decline-order').click();
  // A reason is required: nothing is sent without one.
  await dialog.getByTestId('confirm-decline').click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel(/Reason for the buyer/).fill(reason);
  await expectNoHorizontalScroll(page);
  await shot(page, 'seller-decline', project);
  await dialog.getByTestId('confirm-decline').click();
  await expect(dialog.getByTestId('order-details')).toHaveAttribute('data-status', 'cancelled');
  await expect(dialog.getByTestId('decline-reason')).toContainText(reason);
  const listed = (await (await page.request.get('/api/products?page_size=100')).json()) as {
    products: Product[];
  };
  // The stock taken at checkout is back on sale.
  expect(listed.products.find((p) => p.id === product.id)?.stock_quantity).toBe(product.stock_quantity);

  await login('retailer', '/orders?status=cancelled');
  await page
    .locator(`[data-testid="order-card"][data-order-number="${order.order_number}"]`)
    .getByTestId('view-details')
    .click();
  await expect(page.getByRole('dialog').getByTestId('decline-reason')).toContainText(reason);
  await shot(page, 'buyer-sees-decline', project);
});

test('a shared demo account shows why its role and closing are locked', async ({ page, login }, info) => {
  await login('admin', '/profile');
  await expect(page.getByTestId('close-account')).toBeDisabled();
  await expect(page.getByTestId('account-data')).toContainText('Demo accounts are shared');
  await page.getByTestId('edit-profile').click();
  await expect(page.locator('#role')).toBeDisabled();
  await expect(page.getByTestId('profile-form')).toContainText('shared demo account');
  await expectNoHorizontalScroll(page);
  await shot(page, 'demo-profile-locked', info.project.name);
  await shot(page.getByTestId('account-data'), 'account-data', info.project.name);
});

/**
 * Closing needs a real account, and real accounts come from the OpenID Connect provider: this test runs
 * its own server (own port and database) beside a test provider, signs up through it and closes.
 */
test.describe('close my account', () => {
  let server: ProviderServer;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startProviderServer({
      portOffset: 50,
      dataDirPrefix: 'tt-e2e-close-',
      account: { sub: 'e2e-closer', email: 'nandi.e2e@example.com', name: 'Nandi Khoza' },
    });
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a real account downloads its data, then closes after the dialog and is signed out', async ({
    page,
  }, info) => {
    const project = info.project.name;
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: key(enLanding, 'get_started') }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await page.goto(`${origin}/profile`);
    await expect(page.getByTestId('profile-view')).toContainText('Nandi Khoza');

    const download = page.waitForEvent('download');
    await page.getByTestId('download-json').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^township-trade-my-data-\d+-.*\.json$/);

    await page.getByTestId('close-account').click();
    const dialog = page.getByTestId('close-account-dialog');
    await expect(dialog).toContainText('What is removed');
    await expect(dialog).toContainText('What is kept');
    await expect(page.getByTestId('confirm-close-account')).toBeDisabled();
    await page.getByTestId('close-understood').check();
    await expectNoHorizontalScroll(page);
    await shot(page, 'close-account-dialog', project);
    await page.getByTestId('confirm-close-account').click();
    await expect(page).toHaveURL(`${origin}/`);

    // The session is gone: the profile sends the visitor home, and the API refuses the old cookie.
    expect((await page.request.get(`${origin}/api/users/me`)).status()).toBe(401);
    await page.goto(`${origin}/profile`);
    await expect(page).toHaveURL(`${origin}/`);
  });
});
