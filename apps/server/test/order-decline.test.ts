import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';

import {
  insertCategory,
  insertProduct,
  insertUser,
  stockOf,
  placeOrder as placeOne,
} from './support/marketplace.ts';
import { createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';

/** Issue 10 point 8: a seller declines a pending order with a reason the buyer sees; the stock returns. */
describe('POST /api/orders/:id/decline', () => {
  let t: TestApp;
  let supplierId: number;
  let supplier: string;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    supplierId = await t.demoUserId('supplier');
    supplier = await t.login('supplier');
    category = await insertCategory(t.db, 'Decline test', await insertCategory(t.db, 'Decline dept'));
  });
  afterAll(() => t.close());

  async function placeOrder(quantity = 4) {
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
  const decline = (id: number, payload: object | undefined, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/decline`,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const orderRow = async (id: number) =>
    rowsOf<{ status: string; decline_reason: string | null }>(
      await t.db.execute(sql`select status, decline_reason from orders where id = ${id}`),
    )[0]!;

  it('the seller declines a pending order: cancelled with the reason, stock back, buyer told and shown', async () => {
    const { order, productId, buyerId, cookie } = await placeOrder(4);
    expect(await stockOf(t.db, productId)).toBe(16);
    const response = await decline(order.id, { reason: 'Out of delivery range this week' }, supplier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      decline_reason: 'Out of delivery range this week',
    });
    expect(await stockOf(t.db, productId)).toBe(20);
    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie } });
    expect(seen.json()).toMatchObject({
      status: 'cancelled',
      decline_reason: 'Out of delivery range this week',
    });
    const [notice] = rowsOf<{ title: string; params: Record<string, string>; link: string }>(
      await t.db.execute(
        sql`select title, params, link from notifications where user_id = ${buyerId} order by id desc limit 1`,
      ),
    );
    expect(notice).toMatchObject({
      title: 'notifications.order.declined.title',
      params: { number: order.order_number, reason: 'Out of delivery range this week' },
      link: `/orders?order=${order.id}`,
    });
  });

  it('refuses anonymous (401), the buyer and an admin (403), a blank reason (400), writing nothing', async () => {
    const { order, productId, cookie } = await placeOrder(2);
    expectError(await decline(order.id, { reason: 'No' }), 401, 'unauthorized');
    expectError(await decline(order.id, { reason: 'Changed my mind' }, cookie), 403, 'order.seller_only');
    expectError(
      await decline(order.id, { reason: 'Not yours' }, await t.login('admin')),
      403,
      'order.seller_only',
    );
    const blank = expectError(await decline(order.id, { reason: '   ' }, supplier), 400, 'bad_request');
    expect(blank.fields).toHaveProperty('reason');
    expectError(await decline(order.id, undefined, supplier), 400, 'bad_request');
    expect(await orderRow(order.id)).toEqual({ status: 'pending', decline_reason: null });
    expect(await stockOf(t.db, productId)).toBe(18);
  });

  it('refuses another seller (404) and an order that is no longer pending (409)', async () => {
    const { order, productId } = await placeOrder(3);
    const other = await t.sessionFor(await insertUser(t.db, 'supplier'));
    expectError(await decline(order.id, { reason: 'Not mine' }, other), 404);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/status`,
      headers: { cookie: supplier },
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode).toBe(200);
    const late = expectError(
      await decline(order.id, { reason: 'Too late' }, supplier),
      409,
      'order.not_declinable',
    );
    expect(late.params).toEqual({ status: 'confirmed' });
    expect(await orderRow(order.id)).toEqual({ status: 'confirmed', decline_reason: null });
    expect(await stockOf(t.db, productId)).toBe(17);
  });
});
