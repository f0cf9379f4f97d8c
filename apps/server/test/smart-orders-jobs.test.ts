import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sastDate, type Order, type ProposedOrder, type Quote, type ScheduledOrder } from '@tt/domain';
import { products } from '../src/features/catalog/tables.ts';
import { orders } from '../src/features/orders/tables.ts';
import { checkRule, runDueSchedules, smartOrderJobs } from '../src/features/smart-orders/jobs.ts';
import { SCHEDULE_RUN_JOB } from '../src/features/smart-orders/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  insertCategory,
  insertProduct,
  insertUser,
  STANDARD_DELIVERY_CENTS,
  vat15,
} from './support/marketplace.ts';

/**
 * The jobs that act on smart orders: a due schedule and a crossed re-order rule each place exactly one
 * order, however often the job runs and however many instances run it at once (over PostgreSQL the two
 * runs below really are concurrent transactions).
 */
describe('smart order jobs', () => {
  let t: TestApp;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    category = await insertCategory(t.db, 'Jobs goods', await insertCategory(t.db, 'Jobs dept'));
    supplierId = await insertUser(t.db, 'supplier', 'Jobs Supplier');
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const buyer = async () => {
    const id = await insertUser(t.db, 'retailer', 'Jobs Buyer');
    return { id, cookie: await t.sessionFor(id) };
  };
  const ordersOf = async (buyerId: number) =>
    t.db.select().from(orders).where(eq(orders.buyer_id, buyerId)).orderBy(orders.id);
  const twice = async (
    work: (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => Promise<void>,
  ) => Promise.all([t.db.transaction(work), t.db.transaction(work)]);
  const schedule = async (cookie: string, productId: number, over: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/scheduled-orders', cookie, {
      order_name: 'Weekly bread flour',
      supplier_id: supplierId,
      next_order_date: sastDate(),
      auto_confirm: true,
      items: [{ product_id: productId, quantity: 3 }],
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ScheduledOrder;
  };

  it('places a due auto-confirmed schedule once, priced with a running trade offer, then moves it on a week', async () => {
    const { id, cookie } = await buyer();
    const flour = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 2000,
    });
    const supplierCookie = await t.sessionFor(supplierId);
    const offer = await send('POST', '/api/trade-offers', supplierCookie, {
      offer_name: 'Flour 10% off',
      offer_type: 'percentage_discount',
      discount_value: 10,
      start_date: sastDate(),
      end_date: sastDate(new Date(Date.now() + 5 * 86_400_000)),
      products: [flour],
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const s = await schedule(cookie, flour);

    const now = new Date();
    await twice((tx) => runDueSchedules(tx, now));
    await t.db.transaction((tx) => runDueSchedules(tx, now));

    const placed = await ordersOf(id);
    expect(placed).toHaveLength(1);
    // 3 x R20.00 = R60.00, 10% off = R54.00, VAT on the discounted goods, standard delivery.
    const goods = 6000 - 600;
    expect(placed[0]).toMatchObject({ seller_id: supplierId, discount_cents: 600 });
    expect(Number(placed[0]!.total_cents)).toBe(goods + vat15(goods) + STANDARD_DELIVERY_CENTS);
    expect(await count(t.db, 'trade_offer_uses', sql`order_id = ${placed[0]!.id}`)).toBe(1);
    expect(
      await count(t.db, 'smart_order_runs', sql`source_id = ${s.id} and source = 'scheduled_order'`),
    ).toBe(1);

    const [after] = (await (await send('GET', '/api/scheduled-orders', cookie)).json()) as ScheduledOrder[];
    expect(after).toMatchObject({
      last_order_date: sastDate(now),
      next_order_date: sastDate(new Date(now.getTime() + 7 * 86_400_000)),
    });
    // The buyer is told, with a link to the order.
    const notes = rowsOf<{ link: string; title: string }>(
      await t.db.execute(sql`select link, title from notifications where user_id = ${id}`),
    );
    expect(notes).toContainEqual({
      link: `/orders?order=${placed[0]!.id}`,
      title: 'notifications.smart.placed.title',
    });
  });

  it('keeps an unconfirmed or dearer occurrence as a proposed order; confirm places it at the total shown', async () => {
    const { id, cookie } = await buyer();
    const rice = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 1500,
    });
    const oil = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 1000,
    });
    await schedule(cookie, rice, { order_name: 'Rice', auto_confirm: false });
    await schedule(cookie, oil, { order_name: 'Oil' });
    // The oil went up after the schedule was saved: its occurrence waits although it auto-confirms.
    await t.db.update(products).set({ selling_price_cents: 1200 }).where(eq(products.id, oil));

    await twice((tx) => runDueSchedules(tx, new Date()));
    expect(await ordersOf(id)).toHaveLength(0);
    const proposals = (await send('GET', '/api/smart-orders/proposed', cookie)).json() as ProposedOrder[];
    expect(proposals.map((p) => [p.source_name, p.reason]).sort()).toEqual([
      ['Oil', 'price_rose'],
      ['Rice', 'needs_confirmation'],
    ]);
    const rices = proposals.find((p) => p.source_name === 'Rice')!;
    expect(rices.estimated_total).toBe((4500 + vat15(4500) + STANDARD_DELIVERY_CENTS) / 100);

    // Another buyer cannot act on it; a stale total is refused with the new one; nothing is placed.
    const stranger = await buyer();
    expectError(
      await send('POST', `/api/smart-orders/proposed/${rices.id}/confirm`, stranger.cookie, {
        total_amount: 1,
      }),
      404,
    );
    const stale = await send('POST', `/api/smart-orders/proposed/${rices.id}/confirm`, cookie, {
      total_amount: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { error: { code: string } }).error.code).toBe('checkout.prices_changed');
    expect((stale.json() as { totals: { total_amount: number } }).totals.total_amount).toBe(
      rices.estimated_total,
    );
    expect(await ordersOf(id)).toHaveLength(0);
    expectError(
      await send('POST', `/api/smart-orders/proposed/${rices.id}/confirm`, cookie, { total_amount: 'lots' }),
      400,
    );

    const confirmed = await send('POST', `/api/smart-orders/proposed/${rices.id}/confirm`, cookie, {
      total_amount: rices.estimated_total,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [order] = (confirmed.json() as { orders: Order[] }).orders;
    expect(order).toMatchObject({ total_amount: rices.estimated_total });
    expectError(
      await send('POST', `/api/smart-orders/proposed/${rices.id}/confirm`, cookie, {
        total_amount: rices.estimated_total,
      }),
      404,
      'smart_orders.proposal_not_found',
    );

    const oils = proposals.find((p) => p.source_name === 'Oil')!;
    expect((await send('DELETE', `/api/smart-orders/proposed/${oils.id}`, cookie)).statusCode).toBe(204);
    expect((await send('GET', '/api/smart-orders/proposed', cookie)).json()).toEqual([]);
    expect(await ordersOf(id)).toHaveLength(1);
    expectError(await send('GET', '/api/smart-orders/proposed'), 401, 'unauthorized');
    expectError(await send('GET', '/api/smart-orders/proposed', await t.sessionFor(supplierId)), 403);
  });

  it('raises one order per crossing of the reorder point plus safety stock, however often it is checked', async () => {
    const { id, cookie } = await buyer();
    const sugar = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 3000,
    });
    const created = await send('POST', '/api/reorder-rules', cookie, {
      product_id: sugar,
      supplier_id: supplierId,
      reorder_point: 5,
      safety_stock: 2,
      reorder_quantity: 20,
      auto_reorder_enabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = (created.json() as { id: number }).id;

    // Nothing on hand and nothing on order: 0 <= 5 + 2, so the rule fires, once.
    await twice((tx) => checkRule(tx, ruleId, new Date()));
    await t.db.transaction((tx) => checkRule(tx, ruleId, new Date()));
    const placed = await ordersOf(id);
    expect(placed).toHaveLength(1);
    const [rule] = (await send('GET', '/api/reorder-rules', cookie)).json() as { on_order: number }[];
    expect(rule).toMatchObject({ on_order: 20 });

    // The order is cancelled: nothing is on order any more, a new crossing, one new order.
    const cancelled = await send('POST', `/api/orders/${placed[0]!.id}/cancel`, cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await twice((tx) => checkRule(tx, ruleId, new Date()));
    await t.db.transaction((tx) => checkRule(tx, ruleId, new Date()));
    expect(await ordersOf(id)).toHaveLength(2);
    expect(
      await count(t.db, 'smart_order_runs', sql`source = 'reorder_rule' and source_id = ${ruleId}`),
    ).toBe(2);
  });

  it('proposes the re-order when automatic ordering is off, once', async () => {
    const { id, cookie } = await buyer();
    const salt = await insertProduct(t.db, { seller_id: supplierId, category_id: category });
    const created = await send('POST', '/api/reorder-rules', cookie, {
      product_id: salt,
      supplier_id: supplierId,
      reorder_point: 1,
      reorder_quantity: 6,
    });
    const ruleId = (created.json() as { id: number }).id;
    await twice((tx) => checkRule(tx, ruleId, new Date()));
    await t.db.transaction((tx) => checkRule(tx, ruleId, new Date()));
    expect(await ordersOf(id)).toHaveLength(0);
    const proposals = (await send('GET', '/api/smart-orders/proposed', cookie)).json() as ProposedOrder[];
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({
      source: 'reorder_rule',
      reason: 'needs_confirmation',
      items: [{ product_id: salt, quantity: 6 }],
    });
  });
  it('shows a proposed order at exactly what checkout charges: a running promotion, a trade offer, waived delivery, VAT', async () => {
    const { id, cookie } = await buyer();
    const supplierCookie = await t.sessionFor(supplierId);
    const maize = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 4000,
    });
    const beans = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 2500,
    });
    const day = (n: number) => sastDate(new Date(Date.now() + n * 86_400_000));
    const promotion = await send('POST', '/api/trade-promotions', supplierCookie, {
      promotion_name: 'Maize 10% off',
      promotion_type: 'seasonal_offer',
      description: 'Off maize this week',
      start_date: day(-1),
      end_date: day(5),
      minimum_order_value: 0,
      discount_percentage: 10,
      target_products: [maize],
      publish: true,
    });
    expect(promotion.statusCode, promotion.body).toBe(201);
    for (const offer of [
      { offer_name: 'Beans R5 off', offer_type: 'fixed_discount', discount_value: 5, products: [beans] },
      { offer_name: 'Free delivery', offer_type: 'free_shipping', discount_value: 0, products: [] },
    ]) {
      const created = await send('POST', '/api/trade-offers', supplierCookie, {
        ...offer,
        start_date: sastDate(),
        end_date: day(5),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const lines = [
      { product_id: maize, quantity: 2 },
      { product_id: beans, quantity: 4 },
    ];
    await schedule(cookie, maize, { order_name: 'Staples', auto_confirm: false, items: lines });
    await t.db.transaction((tx) => runDueSchedules(tx, new Date()));

    const [proposal] = (await send('GET', '/api/smart-orders/proposed', cookie)).json() as ProposedOrder[];
    const quoted = await send('POST', '/api/orders/quote', cookie, {
      items: lines,
      delivery_option: 'standard',
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const checkoutQuote = quoted.json() as Quote;
    // List price 2 x R40 + 4 x R25 = R180, without any offer R180 + VAT + delivery; with them less.
    expect(checkoutQuote.discount_amount).toBeGreaterThan(0);
    expect(checkoutQuote.delivery_fee).toBe(0);
    expect(proposal).toMatchObject({
      estimated_total: checkoutQuote.total_amount,
      discount_amount: checkoutQuote.discount_amount,
      tax_amount: checkoutQuote.tax_amount,
      delivery_fee: 0,
    });
    expect(proposal!.estimated_total).not.toBe((18_000 + vat15(18_000) + STANDARD_DELIVERY_CENTS) / 100);

    // Confirmed at that total, the order is what checkout charges; no rewards were spent.
    const confirmed = await send('POST', `/api/smart-orders/proposed/${proposal!.id}/confirm`, cookie, {
      total_amount: proposal!.estimated_total,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await ordersOf(id)).toMatchObject([{ total_cents: Math.round(checkoutQuote.total_amount * 100) }]);
  });
  it('gives a capped trade offer back the moment a cancel commits: usable again at once, no job run', async () => {
    const supplierCookie = await t.sessionFor(supplierId);
    const tea = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 1000,
    });
    const created = await send('POST', '/api/trade-offers', supplierCookie, {
      offer_name: 'Tea 20% off, first order only',
      offer_type: 'percentage_discount',
      discount_value: 20,
      start_date: sastDate(),
      end_date: sastDate(new Date(Date.now() + 3 * 86_400_000)),
      products: [tea],
      max_uses: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const lines = [{ product_id: tea, quantity: 5 }];
    const quoteFor = async (cookie: string) =>
      (await send('POST', '/api/orders/quote', cookie, { items: lines })).json() as Quote;
    const checkout = async (cookie: string) => {
      const q = await quoteFor(cookie);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, 'idempotency-key': crypto.randomUUID() },
        payload: {
          items: lines.map((l) => ({ ...l, unit_price: 0, total_price: 0 })),
          delivery_option: 'standard',
          total_amount: q.total_amount,
          tax_amount: q.tax_amount,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { orders: Order[] }).orders[0]!;
    };
    const first = await buyer();
    const second = await buyer();
    const order = await checkout(first.cookie);
    expect(order.discount_amount).toBe(10);
    // Used up: the second buyer is quoted without it.
    expect((await quoteFor(second.cookie)).discount_amount).toBe(0);

    const cancelled = await send('POST', `/api/orders/${order.id}/cancel`, first.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // No job has run: the cancelling transaction gave the use back.
    expect(await count(t.db, 'jobs', sql`name = 'smart_orders.order_cancelled'`)).toBe(0);
    expect((await quoteFor(second.cookie)).discount_amount).toBe(10);
    expect((await checkout(second.cookie)).discount_amount).toBe(10);
    const [offer] = (await send('GET', '/api/trade-offers', supplierCookie)).json() as {
      current_uses: number;
    }[];
    expect(offer).toMatchObject({ current_uses: 1 });
  });
  it('acts on a schedule saved due today at once (a job enqueued with it), still once however often it runs', async () => {
    const { id, cookie } = await buyer();
    const soap = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 900,
    });
    const later = await schedule(cookie, soap, {
      order_name: 'Next week',
      next_order_date: sastDate(new Date(Date.now() + 7 * 86_400_000)),
    });
    const s = await schedule(cookie, soap, { order_name: 'Soap today' });
    const queued = rowsOf<{ payload: { schedule_id: number } }>(
      await t.db.execute(sql`select payload from jobs where name = ${SCHEDULE_RUN_JOB}`),
    ).map((r) => r.payload.schedule_id);
    // Only the one due today is queued.
    expect(queued).toContain(s.id);
    expect(queued).not.toContain(later.id);

    const job = smartOrderJobs.find((j) => j.name === SCHEDULE_RUN_JOB)!;
    const run = (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) =>
      job.handler({ schedule_id: s.id }, { tx, now: new Date() } as never);
    await twice(run);
    await t.db.transaction(run);
    await t.db.transaction((tx) => runDueSchedules(tx, new Date()));
    expect(await ordersOf(id)).toHaveLength(1);
  });
});
