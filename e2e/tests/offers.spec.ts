import { sastDate, type Order, type PromotableProductList, type Promotion, type Quote } from '@tt/domain';
import { test, expect, locale, key, expectNoHorizontalScroll, shot } from './fixtures';

/**
 * DECISIONS 21 and ADR 022: a supplier's running promotion shows on the product card, the cart's review
 * shows the server's quote with the discount (and the rewards choice when there is a balance), and the
 * order is placed at exactly the total the review showed.
 */
const enCart = locale('en', 'cart');
const DAY = 86_400_000;

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();
function rand(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `R ${whole}.${String(cents % 100).padStart(2, '0')}`;
}

test('a running promotion shows on the card, the review shows its discount, and the order is placed at that total', async ({
  page,
  login,
}, info) => {
  const project = info.project.name;
  await login('supplier', false);
  const { products: mine } = (await (
    await page.request.get('/api/trade-promotions/my-products')
  ).json()) as PromotableProductList;
  // The last of the supplier's products, so other specs' orders of its first product are not discounted.
  const target = mine[mine.length - 1]!;
  const name = `Spaza week ${project} ${Date.now()}`;
  const created = await page.request.post('/api/trade-promotions', {
    data: {
      promotion_name: name,
      promotion_type: 'seasonal_offer',
      description: '10% off for spaza week',
      start_date: sastDate(new Date(Date.now() - DAY)),
      end_date: sastDate(new Date(Date.now() + 10 * DAY)),
      discount_percentage: 10,
      target_products: [target.id],
      publish: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const promotion = (await created.json()) as Promotion;

  try {
    await login('retailer', false);
    for (const line of (await (await page.request.get('/api/cart')).json()) as { id: number }[]) {
      expect((await page.request.delete(`/api/cart/${line.id}`)).ok()).toBeTruthy();
    }
    await page.goto(`/products?q=${encodeURIComponent(target.name)}`);
    const card = page.locator(`[data-testid=product-card][data-product-id="${target.id}"]`);
    const badge = card.getByTestId('promotion-badge');
    await expect(badge).toContainText('10% off');
    await expect(badge).toContainText('Ends');
    await expectNoHorizontalScroll(page);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'card-badge', project);
    await card.getByTestId('add-to-cart').click();
    await expect(card.getByTestId('add-to-cart')).toHaveAttribute('data-state', 'added');

    // The card says what a unit costs with the promotion (the one rule: 10% off each unit, rounded half up).
    const listed = (await (
      await page.request.get(`/api/products?search=${encodeURIComponent(target.name)}&page_size=100`)
    ).json()) as { products: { id: number; selling_price: number }[] };
    const unit = Math.round(listed.products.find((p) => p.id === target.id)!.selling_price * 100);
    const promoted = unit - Math.floor((unit * 100 * 2 + 1000) / 2000);
    expect(plain(await card.getByTestId('promotion-price').textContent())).toContain(rand(promoted));

    // The cart shows what the buyer will pay: the server's quote, before Proceed to Checkout.
    const cartQuoted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders/quote' && r.request().method() === 'POST',
    );
    await page.goto('/cart');
    const cartQuote = (await (await cartQuoted).json()) as Quote;
    const quantity = cartQuote.orders[0]!.lines[0]!.quantity;
    const cartLine = page.locator(`[data-testid=cart-line][data-product-id="${target.id}"]`);
    await expect(cartLine.getByTestId('line-discount')).toContainText(name);
    expect(plain(await cartLine.getByTestId('line-total').textContent())).toBe(rand(promoted * quantity));
    expect(plain(await cartLine.getByTestId('line-total-before').textContent())).toBe(rand(unit * quantity));
    const cartSummary = page.getByTestId('order-summary');
    await expect(cartSummary.getByTestId('summary-discount')).toBeVisible();
    await expect(cartSummary.getByTestId('summary-estimate')).toHaveCount(0);
    const cartTotal = plain(await cartSummary.getByTestId('summary-total').textContent());
    expect(cartTotal).toBe(rand(Math.round(cartQuote.total_amount * 100)));
    await expectNoHorizontalScroll(page);
    await shot(page, 'cart-discount', project);

    const quoted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders/quote' && r.request().method() === 'POST',
    );
    await page.getByTestId('checkout').click();
    await expect(page).toHaveURL(/\/cart\?step=review$/);
    const quote = (await (await quoted).json()) as Quote;
    expect(quote.discount_amount).toBeGreaterThan(0);
    const line = page.getByTestId('review-line').filter({ hasText: target.name });
    // The review's line, less its discount, is the cart's figure; its total is the cart's total.
    expect(
      Math.round(quote.orders[0]!.lines[0]!.total_price * 100) -
        Math.round(quote.orders[0]!.lines[0]!.discount * 100),
    ).toBe(promoted * quantity);
    expect(plain(await page.getByTestId('review-summary').getByTestId('summary-total').textContent())).toBe(
      cartTotal,
    );
    await expect(line.getByTestId('review-line-discount')).toContainText(name);
    expect(plain(await line.getByTestId('review-line-discount').textContent())).toContain(
      rand(Math.round(quote.orders[0]!.lines[0]!.discount * 100)),
    );
    const summary = page.getByTestId('review-summary');
    await expect(summary).toContainText(key(enCart, 'summary.discount'));
    const total = Math.round(quote.total_amount * 100);
    expect(plain(await summary.getByTestId('summary-total').textContent())).toBe(rand(total));
    // The rewards choice shows only with a balance to spend; this buyer's is what the quote says.
    await expect(page.getByTestId('review-rewards')).toHaveCount(quote.rewards_balance > 0 ? 1 : 0);
    await expectNoHorizontalScroll(page);
    await shot(page, 'review-discount', project);

    const placed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
    );
    await page.getByTestId('place-order').click();
    const response = await placed;
    expect(response.status(), await response.text()).toBe(201);
    const sent = response.request().postDataJSON() as { total_amount: number; tax_amount: number };
    expect(sent.total_amount).toBe(quote.total_amount);
    expect(sent.tax_amount).toBe(quote.tax_amount);
    const orders = ((await response.json()) as { orders: Order[] }).orders;
    expect(orders.reduce((sum, o) => sum + Math.round(o.total_amount * 100), 0)).toBe(total);
    expect(orders[0]!.discount_amount).toBe(quote.discount_amount);
    await expect(page.getByTestId('checkout-confirmation')).toBeVisible();
  } finally {
    // Other specs price the supplier's products without this promotion.
    await login('supplier', false);
    await page.request.post(`/api/trade-promotions/${promotion.id}/cancel`);
  }
});

test('the review offers the rewards balance and shows what it takes off', async ({ page, login }, info) => {
  const project = info.project.name;
  await login('retailer', false);
  for (const line of (await (await page.request.get('/api/cart')).json()) as { id: number }[]) {
    expect((await page.request.delete(`/api/cart/${line.id}`)).ok()).toBeTruthy();
  }
  const { products } = (await (await page.request.get('/api/products?page_size=50')).json()) as {
    products: { id: number; stock_quantity: number; minimum_order_quantity: number; is_active: boolean }[];
  };
  const product = products.find((p) => p.is_active && p.stock_quantity >= p.minimum_order_quantity + 2)!;
  await page.request.post('/api/cart', {
    data: { product_id: product.id, quantity: product.minimum_order_quantity },
  });
  // A balance needs a delivered referral (the referrals spec walks that path on a second server); here the
  // server's quote is given a balance, to check what the review does with it. The order is not placed.
  await page.route('**/api/orders/quote', async (route) => {
    const asked = route.request().postDataJSON() as { use_rewards?: boolean };
    const response = await route.fetch();
    const quote = (await response.json()) as Quote;
    const credit = asked.use_rewards ? Math.min(50, quote.subtotal - quote.discount_amount) : 0;
    const order = quote.orders[0]!;
    await route.fulfill({
      response,
      json: {
        ...quote,
        rewards_balance: 50,
        rewards_used: credit,
        orders: [{ ...order, rewards_used: credit }, ...quote.orders.slice(1)],
      },
    });
  });
  await page.goto('/cart?step=review');
  const rewards = page.getByTestId('review-rewards');
  await expect(page.getByTestId('review-rewards-balance')).toContainText('R 50.00');
  await expect(page.getByTestId('review-rewards-used')).toHaveCount(0);
  await rewards.getByTestId('use-rewards').check();
  await expect(page.getByTestId('review-rewards-used')).toBeVisible();
  await expect(page.getByTestId('summary-rewards')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'review-rewards', project);
});
