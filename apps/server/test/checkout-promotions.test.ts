import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  orderDiscountParts,
  sastDate,
  type Order,
  type Promotion,
  type PromotionList,
  type Quote,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  STANDARD_DELIVERY_CENTS,
  vat15,
} from './support/marketplace.ts';

const DAY = 86_400_000;
const day = (offset: number) => sastDate(new Date(Date.now() + offset * DAY));

/**
 * Every discount is real at checkout (DECISIONS 21, ADR 022): a seller's running promotion and the buyer's
 * rewards credit are priced by the server through the one rule, quoted before paying, charged to the cent,
 * counted against max_uses under concurrency, and given back when the order is cancelled.
 */
describe('promotions and rewards at checkout', () => {
  let t: TestApp;
  let category: number;
  let sellerId: number;
  let sellerCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    category = await insertCategory(t.db, 'Checkout promo goods', await insertCategory(t.db, 'Promo dept 2'));
    sellerId = await insertUser(t.db, 'supplier', 'Promo Wholesaler');
    sellerCookie = await t.sessionFor(sellerId);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });

  const buyer = async () => {
    const id = await insertUser(t.db, 'retailer');
    return { id, cookie: await t.sessionFor(id) };
  };
  const product = (price_cents = 2000, stock = 500) =>
    insertProduct(t.db, { seller_id: sellerId, category_id: category, price_cents, stock });
  const promote = async (over: Record<string, unknown>) => {
    const response = await send('POST', '/api/trade-promotions', sellerCookie, {
      promotion_name: 'Winter special',
      promotion_type: 'seasonal_offer',
      description: 'Off maize meal this winter',
      start_date: day(-1),
      end_date: day(10),
      minimum_order_value: 0,
      discount_percentage: 10,
      publish: true,
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Promotion;
  };
  const items = (productId: number, quantity: number) => [{ product_id: productId, quantity }];
  const quote = async (cookie: string, productId: number, quantity: number, use_rewards = false) => {
    const response = await send('POST', '/api/orders/quote', cookie, {
      items: items(productId, quantity),
      delivery_option: 'standard',
      use_rewards,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Quote;
  };
  /** The checkout body for one line, with the totals the buyer was quoted (or others). */
  const body = (
    productId: number,
    quantity: number,
    totals: { total_amount: number; tax_amount: number },
    use_rewards = false,
  ) => ({
    total_amount: totals.total_amount,
    tax_amount: totals.tax_amount,
    items: [{ product_id: productId, quantity, unit_price: 0, total_price: 0 }],
    delivery_option: 'standard',
    use_rewards,
  });
  const checkout = (cookie: string, payload: object) =>
    send('POST', '/api/orders', cookie, payload, idempotencyKey());
  /** A 409 for changed totals, carrying the server's totals beside the error. */
  const expectRefused = (r: { statusCode: number; json: () => unknown }) => {
    expect(r.statusCode).toBe(409);
    expect((r.json() as { error: { code: string } }).error.code).toBe('checkout.prices_changed');
  };
  const usesOf = (promotionId: number) =>
    count(t.db, 'trade_promotion_uses', sql`promotion_id = ${promotionId}`);
  const credit = async (userId: number, cents: number) =>
    t.db.execute(
      sql`insert into reward_entries (user_id, kind, amount_cents) values (${userId}, 'referral_credit', ${cents})`,
    );
  const balance = async (cookie: string) =>
    ((await send('GET', '/api/referrals/rewards', cookie)).json() as { balance: number }).balance;

  it('quotes a running promotion per seller: the line discount with its name, VAT after it, the total', async () => {
    const item = await product(2000);
    const promotion = await promote({ promotion_name: 'Maize 10% off', target_products: [item] });
    const me = await buyer();
    const q = await quote(me.cookie, item, 3);
    // 3 x R20 = R60, 10% off each unit = R6; VAT on R54.
    const goods = 6000 - 600;
    expect(q).toMatchObject({
      subtotal: 60,
      discount_amount: 6,
      rewards_used: 0,
      tax_amount: vat15(goods) / 100,
      delivery_fee: STANDARD_DELIVERY_CENTS / 100,
      total_amount: (goods + vat15(goods) + STANDARD_DELIVERY_CENTS) / 100,
      rewards_balance: 0,
    });
    expect(q.orders).toHaveLength(1);
    expect(q.orders[0]).toMatchObject({
      seller_id: sellerId,
      seller_name: "Promo Wholesaler's Shop",
      delivery_waived_by: null,
    });
    expect(q.orders[0]!.lines).toEqual([
      {
        product_id: item,
        name: expect.any(String),
        quantity: 3,
        unit_price: 20,
        total_price: 60,
        discount: 6,
        offer: { type: 'promotion', id: promotion.id, name: 'Maize 10% off' },
      },
    ]);
  });

  it('charges exactly the quoted total, records the use and counts it in the discount given', async () => {
    const item = await product(1999);
    const promotion = await promote({
      discount_percentage: 0,
      discount_amount: 2.5,
      target_products: [item],
    });
    const me = await buyer();
    const q = await quote(me.cookie, item, 7);
    // R2.50 off each of 7 units of R19.99: R17.50 off R139.93; VAT on R122.43.
    const goods = 7 * 1999 - 7 * 250;
    expect(q.tax_amount).toBe(vat15(goods) / 100);
    expect(q.total_amount).toBe((goods + vat15(goods) + STANDARD_DELIVERY_CENTS) / 100);

    // The undiscounted totals the buyer did not see are refused with the server's, nothing written.
    const before = await count(t.db, 'orders');
    const full = 7 * 1999;
    const stale = await checkout(
      me.cookie,
      body(item, 7, {
        total_amount: (full + vat15(full) + STANDARD_DELIVERY_CENTS) / 100,
        tax_amount: vat15(full) / 100,
      }),
    );
    expectRefused(stale);
    expect((stale.json() as { totals: { total_amount: number } }).totals).toMatchObject({
      total_amount: q.total_amount,
      discount_amount: 17.5,
    });
    expect(await count(t.db, 'orders')).toBe(before);
    expect(await usesOf(promotion.id)).toBe(0);

    const placed = await checkout(me.cookie, body(item, 7, q));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { orders: Order[] }).orders[0]!;
    expect(order).toMatchObject({
      subtotal: 139.93,
      discount_amount: 17.5,
      tax_amount: q.tax_amount,
      total_amount: q.total_amount,
    });
    const uses = rowsOf<{ order_id: number; discount_cents: string }>(
      await t.db.execute(
        sql`select order_id, discount_cents from trade_promotion_uses where promotion_id = ${promotion.id}`,
      ),
    );
    expect(uses.map((u) => [u.order_id, Number(u.discount_cents)])).toEqual([[order.id, 1750]]);
    const list = (await send('GET', '/api/trade-promotions', sellerCookie)).json() as PromotionList;
    expect(list.promotions.find((p) => p.id === promotion.id)).toMatchObject({
      discount_given: 17.5,
      orders_count: 1,
    });
  });

  it('stops at max_uses and a cancelled order gives its use back', async () => {
    const item = await product(1000);
    const promotion = await promote({ target_products: [item], max_uses: 1 });
    const first = await buyer();
    const q = await quote(first.cookie, item, 2);
    expect(q.discount_amount).toBe(2);
    const placed = await checkout(first.cookie, body(item, 2, q));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { orders: Order[] }).orders[0]!.id;
    expect(await usesOf(promotion.id)).toBe(1);

    const second = await buyer();
    expect((await quote(second.cookie, item, 2)).discount_amount).toBe(0);
    const cards = await send('GET', `/api/trade-promotions/for-products?ids=${item}`, second.cookie);
    expect(cards.json()).toEqual([]);

    const cancelled = await send('POST', `/api/orders/${orderId}/cancel`, first.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usesOf(promotion.id)).toBe(0);
    expect((await quote(second.cookie, item, 2)).discount_amount).toBe(2);
  });

  it('never exceeds max_uses under 20 concurrent checkouts', async () => {
    const item = await product(1000, 1000);
    const promotion = await promote({ target_products: [item], max_uses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const q = await quote(buyers[0]!.cookie, item, 1);
    expect(q.discount_amount).toBe(1);
    const responses = await Promise.all(buyers.map((b) => checkout(b.cookie, body(item, 1, q))));
    const placed = responses.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(5);
    for (const r of responses.filter((r) => r.statusCode !== 201)) expectRefused(r);
    expect(await usesOf(promotion.id)).toBe(5);
    expect(
      await count(t.db, 'orders', sql`id in (select order_id from order_items where product_id = ${item})`),
    ).toBe(5);
  });

  it('a product card shows the running promotion of the products asked for, not drafts or others', async () => {
    const promoted = await product();
    const plain = await product();
    const promotion = await promote({ target_products: [promoted], end_date: day(5) });
    await promote({ target_products: [plain], publish: false });
    const me = await buyer();
    const response = await send(
      'GET',
      `/api/trade-promotions/for-products?ids=${promoted},${plain}`,
      me.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        product_id: promoted,
        promotions: [
          {
            id: promotion.id,
            promotion_name: 'Winter special',
            discount_percentage: 10,
            discount_amount: 0,
            minimum_order_value: 0,
            end_date: day(5),
          },
        ],
      },
    ]);
    expectError(await send('GET', `/api/trade-promotions/for-products?ids=${promoted}`, ''), 401);
    expectError(await send('GET', '/api/trade-promotions/for-products?ids=1;drop', me.cookie), 400);
  });

  it('spends the rewards balance before VAT, once, and gives it back on cancellation', async () => {
    const item = await product(2000);
    const me = await buyer();
    await credit(me.id, 5000);
    const q = await quote(me.cookie, item, 1, true);
    // R50 of credit on R20 of goods: R20 is used, no VAT is left on the goods, delivery is still paid.
    expect(q).toMatchObject({
      subtotal: 20,
      rewards_used: 20,
      tax_amount: 0,
      total_amount: STANDARD_DELIVERY_CENTS / 100,
      rewards_balance: 50,
    });
    const without = await quote(me.cookie, item, 1, false);
    expect(without.rewards_used).toBe(0);
    expect(without.total_amount).toBe((2000 + vat15(2000) + STANDARD_DELIVERY_CENTS) / 100);

    const placed = await checkout(me.cookie, body(item, 1, q, true));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { orders: Order[] }).orders[0]!;
    expect(order).toMatchObject({ discount_amount: 20, tax_amount: 0, total_amount: q.total_amount });
    // No offer priced the line: the order's discount is all rewards credit, as its details show it.
    expect(order.items.map((i) => [i.discount, i.offer_type])).toEqual([[0, null]]);
    expect(orderDiscountParts(order)).toEqual({ offers: 0, rewards: 2000 });
    expect(await balance(me.cookie)).toBe(30);

    const cancelled = await send('POST', `/api/orders/${order.id}/cancel`, me.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(me.cookie)).toBe(50);
    const kinds = rowsOf<{ kind: string; amount_cents: string }>(
      await t.db.execute(
        sql`select kind, amount_cents from reward_entries where user_id = ${me.id} order by id`,
      ),
    );
    expect(kinds.map((k) => [k.kind, Number(k.amount_cents)])).toEqual([
      ['referral_credit', 5000],
      ['checkout_use', -2000],
      ['checkout_release', 2000],
    ]);
  });

  it('two checkouts at once cannot spend the same credit', async () => {
    const item = await product(3000);
    const me = await buyer();
    await credit(me.id, 2500);
    const q = await quote(me.cookie, item, 1, true);
    expect(q.rewards_used).toBe(25);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => checkout(me.cookie, body(item, 1, q, true))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 201)) expectRefused(r);
    expect(await balance(me.cookie)).toBe(0);
    const sum = rowsOf<{ total: string; low: string }>(
      await t.db.execute(
        sql`select sum(amount_cents) as total, count(*) filter (where kind = 'checkout_use') as low from reward_entries where user_id = ${me.id}`,
      ),
    );
    expect(Number(sum[0]!.total)).toBe(0);
    expect(Number(sum[0]!.low)).toBe(1);
  });

  it('refuses the quote anonymously (401), to a seller (403) and bad input (400), writing nothing', async () => {
    const item = await product();
    const me = await buyer();
    const good = { items: items(item, 1), delivery_option: 'standard' };
    const before = await count(t.db, 'orders');
    const entries = await count(t.db, 'reward_entries');
    expectError(await send('POST', '/api/orders/quote', '', good), 401);
    expectError(await send('POST', '/api/orders/quote', sellerCookie, good), 403, 'cart.buyers_only');
    expectError(await send('POST', '/api/orders/quote', me.cookie, { ...good, items: [] }), 400);
    expectError(await send('POST', '/api/orders/quote', me.cookie, { ...good, use_rewards: 'yes' }), 400);
    expectError(
      await send('POST', '/api/orders/quote', me.cookie, {
        ...good,
        items: [{ product_id: item, quantity: 0 }],
      }),
      400,
    );
    expectError(
      await checkout(me.cookie, { ...body(item, 1, { total_amount: 1, tax_amount: 0 }), use_rewards: 'yes' }),
      400,
    );
    expect(await count(t.db, 'orders')).toBe(before);
    expect(await count(t.db, 'reward_entries')).toBe(entries);
  });
});
