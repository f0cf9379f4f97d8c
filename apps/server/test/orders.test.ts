import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order, OrderList, OrderStatus } from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  insertCategory,
  insertProduct,
  insertUser,
  stockOf,
  placeOrder as placeOne,
} from './support/marketplace.ts';

describe('orders', () => {
  let t: TestApp;
  let supplierId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    supplierId = await t.demoUserId('supplier');
    category = await insertCategory(t.db, 'Orders test', await insertCategory(t.db, 'Orders dept'));
  });
  afterAll(() => t.close());

  /** A new buyer places one order of `quantity` units of a new product of the demo supplier. */
  async function placeOrder(quantity = 3) {
    const buyerId = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(buyerId);
    const productId = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 1000,
      stock: 20,
    });
    const order = await placeOne(t.app, cookie, { productId, quantity });
    return { buyerId, cookie, productId, order };
  }
  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const move = (id: number, status: OrderStatus, cookie: string) =>
    inject('POST', `/api/orders/${id}/status`, cookie, { status });
  const statusOf = async (id: number) =>
    rowsOf<{ status: string }>(await t.db.execute(sql`select status from orders where id = ${id}`))[0]!
      .status;
  const latestNotification = async (userId: number) =>
    rowsOf<{ title: string; message: string; params: Record<string, string> }>(
      await t.db.execute(
        sql`select title, message, params from notifications where user_id = ${userId} order by id desc limit 1`,
      ),
    )[0];

  async function allOrders(cookie: string, query = '') {
    const seen: Order[] = [];
    let total = 0;
    for (let page = 1; page < 100; page += 1) {
      const response = await inject('GET', `/api/orders?page_size=50&page=${page}${query}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as OrderList;
      total = body.total;
      seen.push(...body.orders);
      if (body.orders.length < 50) break;
    }
    return { seen, total };
  }

  it('shows the buyer what they bought, the seller what was bought from them, the admin everything, newest first', async () => {
    const { buyerId } = await placeOrder();
    const retailerId = await t.demoUserId('retailer');
    const demoWorld = sql`(select id from users where demo_world)`;
    const cases = [
      ['retailer', sql`buyer_id = ${retailerId}`, (o: Order) => o.buyer_id === retailerId],
      ['supplier', sql`seller_id = ${supplierId}`, (o: Order) => o.seller_id === supplierId],
      // The shared demo admin is anyone's: it sees the demo world's orders, never a real buyer's.
      [
        'admin',
        sql`buyer_id in ${demoWorld} and seller_id in ${demoWorld}`,
        (o: Order) => o.buyer_id !== buyerId,
      ],
      ['real admin', sql`true`, () => true],
    ] as const;
    const realAdmin = await t.sessionFor(await insertUser(t.db, 'admin'));
    for (const [role, scope, mine] of cases) {
      const { seen, total } = await allOrders(role === 'real admin' ? realAdmin : await t.login(role));
      const expected = await count(t.db, 'orders', scope);
      expect(expected, role).toBeGreaterThan(0);
      expect(total, role).toBe(expected);
      expect(seen, role).toHaveLength(expected);
      expect(seen.every(mine), role).toBe(true);
      for (let i = 1; i < seen.length; i += 1) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
      }
    }
    const shipped = await allOrders(await t.login('retailer'), '&status=shipped');
    expect(shipped.total).toBe(
      await count(t.db, 'orders', sql`buyer_id = ${retailerId} and status = 'shipped'`),
    );
    expect(shipped.seen.every((o) => o.status === 'shipped')).toBe(true);
    expectError(
      await inject('GET', '/api/orders?status=lost', await t.login('retailer')),
      400,
      'bad_request',
    );
  });

  it('shows one order with its items to those who may see it, and 404 to the others', async () => {
    const { cookie, order, productId } = await placeOrder(2);
    const own = await inject('GET', `/api/orders/${order.id}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(order);
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: productId, quantity: 2, unit_price: 10, total_price: 20 }),
    ]);
    expect((await inject('GET', `/api/orders/${order.id}`, await t.login('supplier'))).statusCode).toBe(200);
    const realAdmin = await t.sessionFor(await insertUser(t.db, 'admin'));
    expect((await inject('GET', `/api/orders/${order.id}`, realAdmin)).statusCode).toBe(200);
    // A real buyer's order is not the shared demo admin's to read.
    expect((await inject('GET', `/api/orders/${order.id}`, await t.login('admin'))).statusCode).toBe(404);
    expectError(
      await inject('GET', `/api/orders/${order.id}`, await t.login('retailer')),
      404,
      'order.not_found',
    );
    expectError(
      await inject('GET', `/api/orders/${order.id}`, await t.login('distributor')),
      404,
      'order.not_found',
    );
  });

  it('lets the seller move an order one step at a time, telling the buyer each time', async () => {
    const { buyerId, order } = await placeOrder();
    const supplier = await t.login('supplier');
    const skipped = expectError(await move(order.id, 'shipped', supplier), 409, 'order.invalid_transition');
    expect(skipped.params).toEqual({ from: 'pending', to: 'shipped' });
    expect(await statusOf(order.id)).toBe('pending');
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
      const response = await move(order.id, status, supplier);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Order).status).toBe(status);
      expect(await latestNotification(buyerId)).toEqual({
        title: 'notifications.order.status.title',
        message: 'notifications.order.status.message',
        params: { number: order.order_number, status },
      });
    }
    const error = expectError(await move(order.id, 'cancelled', supplier), 409, 'order.invalid_transition');
    expect(error.message).toBe('An order cannot move from delivered to cancelled.');
    expect(await statusOf(order.id)).toBe('delivered');
    expect(await count(t.db, 'notifications', sql`user_id = ${buyerId}`)).toBe(4);
  });

  // Issue 8 finding 9 / DECISIONS 11: only the order's own seller moves it; an admin used to be let through.
  it('refuses the buyer (403), another seller (404) and an admin (403) a status change; only its seller moves it', async () => {
    const { cookie, order } = await placeOrder();
    expectError(await move(order.id, 'confirmed', cookie), 403, 'order.seller_only');
    expectError(await move(order.id, 'confirmed', await t.login('distributor')), 404, 'order.not_found');
    expect(await statusOf(order.id)).toBe('pending');
    expectError(
      await inject('POST', `/api/orders/${order.id}/status`, await t.login('supplier'), { status: 'lost' }),
      400,
      'bad_request',
    );
    expect(await statusOf(order.id)).toBe('pending');
    expectError(await move(order.id, 'confirmed', await t.login('admin')), 403, 'order.seller_only');
    expect(await statusOf(order.id)).toBe('pending');
    const seller = await move(order.id, 'confirmed', await t.login('supplier'));
    expect(seller.statusCode, seller.body).toBe(200);
    expect(await statusOf(order.id)).toBe('confirmed');
  });

  it('lets the buyer cancel within 24 hours, returning the stock and telling the seller', async () => {
    const { cookie, order, productId } = await placeOrder(4);
    expect(await stockOf(t.db, productId)).toBe(16);
    await move(order.id, 'confirmed', await t.login('supplier'));
    const response = await inject('POST', `/api/orders/${order.id}/cancel`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Order).status).toBe('cancelled');
    expect(await stockOf(t.db, productId)).toBe(20);
    expect(await latestNotification(supplierId)).toEqual({
      title: 'notifications.order.cancelled.title',
      message: 'notifications.order.cancelled.message',
      params: { number: order.order_number },
    });
    // Cancelling twice returns nothing twice.
    const twice = expectError(
      await inject('POST', `/api/orders/${order.id}/cancel`, cookie),
      409,
      'order.not_cancellable',
    );
    expect(twice.params).toEqual({ status: 'cancelled' });
    expect(await stockOf(t.db, productId)).toBe(20);
  });

  it('refuses a cancellation after 24 hours or once processing (409), and by the seller (403)', async () => {
    const late = await placeOrder(2);
    await t.db.execute(
      sql`update orders set created_at = now() - interval '25 hours' where id = ${late.order.id}`,
    );
    expectError(
      await inject('POST', `/api/orders/${late.order.id}/cancel`, late.cookie),
      409,
      'order.cancel_window_passed',
    );
    expect(await statusOf(late.order.id)).toBe('pending');
    expect(await stockOf(t.db, late.productId)).toBe(18);

    const processing = await placeOrder(2);
    const supplier = await t.login('supplier');
    await move(processing.order.id, 'confirmed', supplier);
    await move(processing.order.id, 'processing', supplier);
    expectError(
      await inject('POST', `/api/orders/${processing.order.id}/cancel`, processing.cookie),
      409,
      'order.not_cancellable',
    );
    expect(await statusOf(processing.order.id)).toBe('processing');

    const fresh = await placeOrder(2);
    expectError(
      await inject('POST', `/api/orders/${fresh.order.id}/cancel`, supplier),
      403,
      'order.buyer_only',
    );
    expectError(await inject('POST', `/api/orders/${fresh.order.id}/cancel`, await t.login('admin')), 403);
    expectError(await inject('POST', `/api/orders/${fresh.order.id}/cancel`, await t.login('retailer')), 404);
    expect(await statusOf(fresh.order.id)).toBe('pending');
    expect(await stockOf(t.db, fresh.productId)).toBe(18);
  });

  it('feeds the dashboard: a new order shows in the buyer’s recent orders and totals', async () => {
    const { cookie, order } = await placeOrder(1);
    const response = await inject('GET', '/api/dashboard', cookie);
    expect(response.statusCode).toBe(200);
    const dashboard = response.json() as {
      stats: { total_orders: number; total_revenue: number };
      recent_orders: { id: number }[];
    };
    expect(dashboard.stats.total_orders).toBe(1);
    expect(dashboard.stats.total_revenue).toBe(order.total_amount);
    expect(dashboard.recent_orders.map((o) => o.id)).toEqual([order.id]);
  });
});
