import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SupplyChain } from '@tt/domain';
import { orders } from '../src/db/schema.ts';
import { createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  insertCategory,
  insertProduct,
  insertUser,
  placeOrder,
  STANDARD_DELIVERY_CENTS,
  vat15,
} from './support/marketplace.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('supply chain analytics (GET /api/supply-chain)', () => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let fast: { id: number; cookie: string; product: number };
  let slow: { id: number; cookie: string; product: number };
  const get = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/supply-chain${query}`, headers: cookie ? { cookie } : {} });
  const move = async (cookie: string, id: number, ...steps: string[]) => {
    for (const status of steps) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/status`,
        headers: { cookie },
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  /** Moves an order's dates back, as if it had been placed (and delivered) days ago. */
  const age = async (id: number, placedDaysAgo: number, deliveredAfterDays?: number) => {
    const placed = new Date(Date.now() - placedDaysAgo * DAY);
    await t.db
      .update(orders)
      .set({
        created_at: placed,
        ...(deliveredAfterDays === undefined
          ? {}
          : { delivered_at: new Date(placed.getTime() + deliveredAfterDays * DAY) }),
      })
      .where(eq(orders.id, id));
  };

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db, 'Supply goods', await insertCategory(t.db, 'Supply dept'));
    const seller = async (name: string) => {
      const id = await insertUser(t.db, 'supplier', name);
      return {
        id,
        cookie: await t.sessionFor(id),
        product: await insertProduct(t.db, { seller_id: id, category_id: category, price_cents: 1000 }),
      };
    };
    fast = await seller('Fast Wholesale');
    slow = await seller('Slow Distributors');
    buyer = await t.sessionFor(await insertUser(t.db, 'retailer', 'Supply Buyer'));
    other = await t.sessionFor(await insertUser(t.db, 'retailer', 'Another Buyer'));

    // Three orders from the fast supplier on one day: two delivered in a day, one still on its way.
    const a = [
      await placeOrder(t.app, buyer, { productId: fast.product, quantity: 2 }),
      await placeOrder(t.app, buyer, { productId: fast.product, quantity: 2 }),
      await placeOrder(t.app, buyer, { productId: fast.product, quantity: 2 }),
    ];
    await move(fast.cookie, a[0]!.id, 'confirmed', 'processing', 'shipped', 'delivered');
    await move(fast.cookie, a[1]!.id, 'confirmed', 'processing', 'shipped', 'delivered');
    for (const order of a) await age(order.id, 10, 1);
    // The slow supplier: one delivered after 7 days, two cancelled (declined), and one 40 days ago.
    const b = [
      await placeOrder(t.app, buyer, { productId: slow.product, quantity: 1 }),
      await placeOrder(t.app, buyer, { productId: slow.product, quantity: 1 }),
      await placeOrder(t.app, buyer, { productId: slow.product, quantity: 1 }),
      await placeOrder(t.app, buyer, { productId: slow.product, quantity: 1 }),
    ];
    await move(slow.cookie, b[0]!.id, 'confirmed', 'processing', 'shipped', 'delivered');
    await age(b[0]!.id, 20, 7);
    for (const order of [b[1]!, b[2]!]) {
      const declined = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/decline`,
        headers: { cookie: slow.cookie },
        payload: { reason: 'Out of stock this week' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      await age(order.id, 15);
    }
    await age(b[3]!.id, 40);
    // Another buyer's order from the same supplier is not this buyer's.
    await placeOrder(t.app, other, { productId: fast.product, quantity: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sums each supplier's orders, spend, delivery fees, delivery days and cancellations", async () => {
    const response = await get('?period=30d', buyer);
    expect(response.statusCode, response.body).toBe(200);
    const chain = response.json() as SupplyChain;
    const orderCents = (quantity: number) =>
      1000 * quantity + vat15(1000 * quantity) + STANDARD_DELIVERY_CENTS;
    expect(chain.period).toBe('30d');
    expect(chain.suppliers).toEqual([
      {
        seller_id: fast.id,
        name: "Fast Wholesale's Shop",
        orders: 3,
        delivered: 2,
        cancelled: 0,
        open: 1,
        spend: (3 * orderCents(2)) / 100,
        delivery_fees: (3 * STANDARD_DELIVERY_CENTS) / 100,
        average_delivery_days: 1,
        last_order_at: expect.any(String),
      },
      {
        seller_id: slow.id,
        name: "Slow Distributors's Shop",
        orders: 3,
        delivered: 1,
        cancelled: 2,
        open: 0,
        spend: orderCents(1) / 100,
        delivery_fees: STANDARD_DELIVERY_CENTS / 100,
        average_delivery_days: 7,
        last_order_at: expect.any(String),
      },
    ]);
    expect(chain.totals).toEqual({
      suppliers: 2,
      orders: 6,
      spend: (3 * orderCents(2) + orderCents(1)) / 100,
      delivery_fees: (4 * STANDARD_DELIVERY_CENTS) / 100,
      delivered_share: 3 / 5,
      average_delivery_days: 3,
    });
    // Three deliveries in one week from the fast supplier; the slow one is slow and cancels (a supplier's own
    // advice in the order of ADVICE_KINDS).
    expect(chain.advice).toEqual([
      {
        kind: 'combine_deliveries',
        seller_id: fast.id,
        name: "Fast Wholesale's Shop",
        orders: 3,
        delivery_fees: (3 * STANDARD_DELIVERY_CENTS) / 100,
        saving: (2 * STANDARD_DELIVERY_CENTS) / 100,
      },
      {
        kind: 'slow_delivery',
        seller_id: slow.id,
        name: "Slow Distributors's Shop",
        orders: 1,
        average_delivery_days: 7,
      },
      {
        kind: 'cancellations',
        seller_id: slow.id,
        name: "Slow Distributors's Shop",
        orders: 3,
        cancelled: 2,
      },
    ]);
  });

  it('reaches back as far as the period, and searches suppliers by name without changing the totals', async () => {
    const quarter = (await get('?period=90d', buyer)).json() as SupplyChain;
    expect(quarter.suppliers.find((s) => s.seller_id === slow.id)?.orders).toBe(4);
    expect(quarter.totals.orders).toBe(7);
    const found = (await get('?period=90d&search=  slow%20DIST ', buyer)).json() as SupplyChain;
    expect(found.suppliers.map((s) => s.name)).toEqual(["Slow Distributors's Shop"]);
    expect(found.totals).toEqual(quarter.totals);
    const none = (await get('?search=nobody', buyer)).json() as SupplyChain;
    expect(none.suppliers).toEqual([]);
    // 90 days when no period is named.
    expect(none.period).toBe('90d');
  });

  it('shows a buyer only its own suppliers', async () => {
    const theirs = (await get('', other)).json() as SupplyChain;
    expect(theirs.suppliers.map((s) => [s.name, s.orders])).toEqual([["Fast Wholesale's Shop", 1]]);
    expect(theirs.totals.delivered_share).toBeNull();
    expect(theirs.totals.average_delivery_days).toBeNull();
    expect(theirs.advice).toEqual([]);
  });

  it('records the delivery when the seller moves an order to delivered, and only then', async () => {
    const order = await placeOrder(t.app, other, { productId: slow.product, quantity: 1 });
    await move(slow.cookie, order.id, 'confirmed', 'processing', 'shipped');
    const before = rowsOf<{ delivered_at: Date | null }>(
      await t.db.execute(sql`select delivered_at from orders where id = ${order.id}`),
    );
    expect(before[0]!.delivered_at).toBeNull();
    await move(slow.cookie, order.id, 'delivered');
    const [row] = await t.db.select({ at: orders.delivered_at }).from(orders).where(eq(orders.id, order.id));
    expect(Date.now() - row!.at!.getTime()).toBeLessThan(60_000);
  });

  it("gives every seeded delivered order its delivery's time", async () => {
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.status} = 'delivered' and ${orders.delivered_at} is null`);
    expect(rows[0]!.n).toBe(0);
    const seeded = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.buyer_id, [await t.demoUserId('retailer')]));
    expect(seeded.length).toBeGreaterThan(0);
  });

  it('answers 401 to nobody, 403 to a role that does not buy, and 400 to a bad period or search', async () => {
    expectError(await get(''), 401);
    expectError(await get('', fast.cookie), 403);
    expectError(await get('', await t.login('admin')), 403);
    for (const query of ['?period=7d', '?period=', '?period=1y&period=30d', `?search=${'x'.repeat(101)}`])
      expectError(await get(query, buyer), 400);
  });
});
